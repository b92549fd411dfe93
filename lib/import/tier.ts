/**
 * Wikipedia-IPC tiers. The tier is not a field of the records; the release ships one file per
 * tier, `wikipedia-ipc-{gold,silver,bronze}.jsonl` (docs/sources.md#ipc-pair-format), so it is
 * read from the file name unless given explicitly.
 */
import { ImportSetupError, TIERS, type Tier } from './types';

/** `wikipedia-ipc-gold.jsonl` -> gold; undefined when the name holds no single tier word. */
export function detectTier(fileName: string): Tier | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const found = TIERS.filter((tier) => new RegExp(`(?:^|[^a-z])${tier}(?:[^a-z]|$)`, 'i').test(base));
  return found.length === 1 ? found[0] : undefined;
}

export function parseTier(value: string): Tier {
  const wanted = value.trim().toLowerCase();
  const tier = TIERS.find((t) => t === wanted);
  if (tier) return tier;
  throw new ImportSetupError(`unknown tier "${value}" (known: ${TIERS.join(', ')})`);
}

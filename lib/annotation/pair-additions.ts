/**
 * `paralens import-annotations --add-pairs CORPUS`: which pairs to create for the rows of a file that
 * match no pair of the campaign's corpora. A corpus stores one pair per unordered pair of texts
 * (lib/pair-rows/content-keys.ts), but a label may depend on the direction (an NLI label of A → B
 * is not one of B → A; the SICK re-annotation labels 191 pairs both ways). So a pair is created in
 * the file's order: in the named corpus, or, when that corpus already holds the two texts the other
 * way round, in its companion "(reversed)" corpus. Pure: the caller says what the corpora hold.
 */
import { computePairKey } from '@/lib/pair-rows/content-keys';
import { checkPairText } from '@/lib/import/format-parser';
import { checkTextLength, type ImportLimits } from '@/lib/import/limits';
import type { AnnotationRow } from './annotation-import';

export type AddTarget = 'main' | 'reversed';

export interface PairToAdd {
  target: AddTarget;
  a: string;
  b: string;
  originalId: string | null;
  /** the first line of the file that asks for it */
  line: number;
}

/** Per unordered pair key, the first text of the pair each corpus already stores (its stored order). */
export type OccupiedOrders = Map<string, Partial<Record<AddTarget, string>>>;

export interface AdditionPlan {
  pairs: PairToAdd[];
  errors: Array<{ line: number; message: string }>;
}

const TARGETS: readonly AddTarget[] = ['main', 'reversed'];

/**
 * The pairs to create for rows that matched nothing, in file order, each once; or what stops a row
 * (texts an import would refuse too).
 */
export function planAddedPairs(
  rows: readonly AnnotationRow[],
  occupied: OccupiedOrders,
  limits: Readonly<ImportLimits>,
  /** each row's pair key when the caller computed them already (pairKeysOf), aligned with `rows` */
  keys?: ReadonlyArray<string | null>,
): AdditionPlan {
  const pairs: PairToAdd[] = [];
  const errors: AdditionPlan['errors'] = [];
  const planned = new Map<string, PairToAdd>();
  const slots: OccupiedOrders = new Map([...occupied].map(([key, orders]) => [key, { ...orders }]));
  for (const [index, row] of rows.entries()) {
    const texts = row.pair.texts;
    if (!texts) {
      errors.push({ line: row.line, message: 'a text is missing, so its pair cannot be created' });
      continue;
    }
    const [a, b] = texts;
    const unusable =
      checkPairText(a, 'text a') ??
      checkPairText(b, 'text b') ??
      checkTextLength(a, 'text a', limits) ??
      checkTextLength(b, 'text b', limits);
    if (unusable) {
      errors.push({ line: row.line, message: unusable });
      continue;
    }
    const originalId = 'originalId' in row.pair ? row.pair.originalId : null;
    const identity = originalId === null ? `t\u001f${a}\u001f${b}` : `i\u001f${originalId}`;
    const earlier = planned.get(identity);
    if (earlier) {
      if (earlier.a !== a || earlier.b !== b)
        errors.push({ line: row.line, message: `the original id "${originalId}" has other texts on line ${earlier.line}` });
      continue;
    }
    const key = keys?.[index] ?? computePairKey(a, b);
    const orders = slots.get(key) ?? {};
    const target = TARGETS.find((t) => orders[t] === undefined);
    if (TARGETS.some((t) => orders[t] === a) || !target) {
      const how = originalId === null ? '' : ` under another original id than "${originalId}"`;
      errors.push({ line: row.line, message: `the corpus already holds these two texts in this order${how}` });
      continue;
    }
    orders[target] = a;
    slots.set(key, orders);
    const pair: PairToAdd = { target, a, b, originalId, line: row.line };
    planned.set(identity, pair);
    pairs.push(pair);
  }
  return { pairs, errors };
}

/**
 * Each row's unordered pair key (null without texts), computed a slice at a time with `pause` between
 * slices: hashing 31,000 pairs takes a loaded machine's thread for half a second, and the web server
 * answers other requests meanwhile.
 */
export async function pairKeysOf(rows: readonly AnnotationRow[], pause: () => Promise<void>): Promise<Array<string | null>> {
  const keys: Array<string | null> = [];
  for (let start = 0; start < rows.length; start += KEYS_PER_SLICE) {
    if (start > 0) await pause();
    for (const row of rows.slice(start, start + KEYS_PER_SLICE))
      keys.push(row.pair.texts ? computePairKey(row.pair.texts[0], row.pair.texts[1]) : null);
  }
  return keys;
}

const KEYS_PER_SLICE = 1000;

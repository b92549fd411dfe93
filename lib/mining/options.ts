/**
 * Mining options shared by the map step, the reduce and the CLI. `paper` reproduces the original
 * Java miner (seed-code.md §4, quirks included); `fixed` (the default) repairs the quirks listed in
 * docs/mining.md. The tier picks the third caption filter (paper sec. 3, Table 3 row 5): gold keeps
 * captions that are sentences by the Table 4 rules, silver captions that contain a verb.
 */
export const MINING_MODES = ['fixed', 'paper'] as const;
export type MiningMode = (typeof MINING_MODES)[number];

export const MINING_TIERS = ['gold', 'silver'] as const;
export type MiningTier = (typeof MINING_TIERS)[number];

/**
 * The silver rule: `has-verb` is the paper's ("sentence fragments containing a verb"); `no-verb` is
 * the committed `VerbHeuristic` as written, which rejects every caption that contains a verb.
 */
export const SILVER_RULES = ['has-verb', 'no-verb'] as const;
export type SilverRule = (typeof SILVER_RULES)[number];

export interface ReduceOptions {
  tier: MiningTier;
  /** images with fewer references are dropped (Table 3 row 1; the paper uses 2) */
  minRefs: number;
  /** images with more references are dropped (row 2; 10 for gold and silver, 180 for bronze) */
  maxRefs: number;
  silverRule: SilverRule;
}

export const DEFAULT_REDUCE_OPTIONS: ReduceOptions = { tier: 'gold', minRefs: 2, maxRefs: 10, silverRule: 'has-verb' };

/** The minimum number of word tokens a caption needs (Table 3 row 4). */
export const MIN_CAPTION_WORDS = 6;

/**
 * Mining options shared by the map step, the reduce and the CLI. `paper` reproduces the original
 * Java miner (seed-code.md §4, quirks included); `fixed` (the default) repairs the quirks listed in
 * docs/mining.md. The tier picks the third caption filter (paper sec. 3, Table 3 row 5): gold keeps
 * captions that are sentences by the Table 4 rules, silver captions that contain a verb.
 */
import { z } from 'zod';

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

/**
 * The settings of a run as `paralens mine` flags and the web app's form take them (one schema, so
 * the two cannot drift; lib/api/contracts/mining.ts builds the start body from it). `workers`
 * absent: the number of cores.
 */
export const miningSettingsFields = z.object({
  tier: z.enum(MINING_TIERS).default('gold').describe('gold (Table 4 sentence rules) or silver (captions with a verb)'),
  minRefs: z.number().int().min(1).default(DEFAULT_REDUCE_OPTIONS.minRefs).describe('fewest references an image may have'),
  maxRefs: z
    .number()
    .int()
    .min(1)
    .default(DEFAULT_REDUCE_OPTIONS.maxRefs)
    .describe('most references an image may have (the paper’s bronze tier used 180)'),
  mode: z.enum(MINING_MODES).default('fixed').describe('fixed, or paper: reproduce the original’s quirks'),
  silverRule: z
    .enum(SILVER_RULES)
    .default('has-verb')
    .describe('has-verb (the paper) or no-verb (the original VerbHeuristic as written)'),
  workers: z
    .number()
    .int()
    .min(1)
    .max(256)
    .optional()
    .describe('map workers (default: the number of cores; a run started from the web app may have at most the server’s cores)'),
});

/** The rule across two settings, for every schema built from the fields: `schema.refine(refsInOrder, refsInOrderIssue)`. */
export const refsInOrder = (s: { minRefs: number; maxRefs: number }): boolean => s.maxRefs >= s.minRefs;
export const refsInOrderIssue = { path: ['maxRefs'], message: 'must be at least the fewest references per image' };

export const miningSettingsSchema = miningSettingsFields.refine(refsInOrder, refsInOrderIssue);
export type MiningSettings = z.infer<typeof miningSettingsSchema>;

/** The `paralens mine` flag of each setting (error messages of the command line). */
export const MINING_SETTING_FLAGS: Record<keyof MiningSettings, string> = {
  tier: '--tier',
  minRefs: '--min-refs',
  maxRefs: '--max-refs',
  mode: '--mode',
  silverRule: '--silver-rule',
  workers: '--workers',
};

/**
 * The report's settings as they live in the run page's URL (parsed with zod on the server), and the
 * links of a report cell to the page that lists its pairs. Pure.
 */
import { z } from 'zod';
import { EPSILON_RULE_OF_THUMB } from '@/lib/agreement/alt-test';

export const EPSILON_CHOICES = [
  { value: String(EPSILON_RULE_OF_THUMB.experts), label: `${EPSILON_RULE_OF_THUMB.experts}`, hint: 'experts' },
  { value: String(EPSILON_RULE_OF_THUMB.skilled), label: `${EPSILON_RULE_OF_THUMB.skilled}`, hint: 'skilled annotators' },
  { value: String(EPSILON_RULE_OF_THUMB.crowd), label: `${EPSILON_RULE_OF_THUMB.crowd}`, hint: 'crowd workers' },
  { value: 'custom', label: 'another', hint: 'below' },
] as const;

export const reportSearch = z.object({
  question: z.string().min(1).max(40).optional().catch(undefined),
  epsilon: z.enum(['0.2', '0.15', '0.1', 'custom']).default('0.2').catch('0.2'),
  // an empty box sends custom= : no value, not 0
  custom: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(1).optional()).catch(undefined),
  by: z.enum(['none', 'corpus', 'cell', 'decile']).default('none').catch('none'),
  measure: z.string().min(1).max(60).optional().catch(undefined),
  smallSample: z.enum(['wilcoxon', 'skip']).default('wilcoxon').catch('wilcoxon'),
  fdr: z.enum(['per-stratum', 'across-strata']).default('per-stratum').catch('per-stratum'),
});

export type ReportSearch = z.infer<typeof reportSearch>;

/** The ε the report uses: a rule-of-thumb value, or the custom one (0.2 when it is missing). */
export function epsilonOf(search: ReportSearch): number {
  if (search.epsilon === 'custom') return search.custom ?? EPSILON_RULE_OF_THUMB.experts;
  return Number(search.epsilon);
}

/** The strata the API takes (`corpus`, `cell`, `decile:MEASURE`), or undefined for none. */
export function strataOf(search: ReportSearch): string | undefined {
  if (search.by === 'none') return undefined;
  if (search.by === 'decile') return search.measure ? `decile:${search.measure}` : undefined;
  return search.by;
}

export interface CellLink {
  question?: string;
  /** what the cell is: final (model × final label), swap (stored × exchanged), or a map */
  kind: 'final' | 'swap' | 'repeat' | 'map-model' | 'map-humans' | 'map-difference';
  row: string;
  column: string;
  /** pairs in the cell (the ids may be capped) */
  n: number;
  ids: readonly number[];
}

export function cellPairsHref(runBase: string, cell: CellLink): string {
  const query = new URLSearchParams({
    kind: cell.kind,
    row: cell.row,
    column: cell.column,
    n: String(cell.n),
    ids: cell.ids.join(','),
  });
  if (cell.question) query.set('question', cell.question);
  return `${runBase}/pairs?${query.toString()}`;
}

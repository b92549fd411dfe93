/**
 * Every measure's distribution split by a label (thesis Figs. 5.3 and 5.4: paraphrases and
 * non-paraphrases side by side). The numbers come from SQL (lib/db/dashboards/distributions.ts: percentile_cont
 * for the quartiles, the whiskers as the most extreme values within 1.5 IQR of the quartiles as
 * matplotlib and seaborn draw them, width_bucket for the histograms); this module names the shapes,
 * puts the rows in order and writes the CSV. Pure.
 */
import { quoteCsvText } from '@/lib/export/line-format';

/** Histogram bins per measure; the same edges for every group so the groups compare bin by bin. */
export const HISTOGRAM_BINS = 20;

/** A measure as the distributions read it: a key, a label, and (in lib/db) a SQL expression over the pair row. */
export interface DistributionMeasure {
  key: string;
  label: string;
}

export interface BoxStats {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** the lowest value at or above q1 − 1.5 IQR */
  whiskerLow: number;
  /** the highest value at or below q3 + 1.5 IQR */
  whiskerHigh: number;
  mean: number;
}

export interface GroupDistribution extends BoxStats {
  group: string;
  /** counts per bin of the measure's `edges` */
  histogram: number[];
}

export interface MeasureDistribution {
  measure: string;
  label: string;
  /** bins + 1 edges: [0, 1] for a measure whose values all lie in it, else its smallest to its largest value */
  edges: number[];
  /** the groups with a value of this measure, in the order of `Distributions.groups` */
  groups: GroupDistribution[];
}

export interface Distributions {
  by: string;
  /** every group with its number of pairs, in order */
  groups: Array<{ group: string; pairs: number }>;
  /** pairs in scope without a label to group by (left out) */
  unlabelled: number;
  measures: MeasureDistribution[];
}

/** One row of the SQL: a group's figures for one measure, the histogram as {bin (1-based): count}. */
export interface DistributionRow extends BoxStats {
  group: string;
  measure: string;
  rangeLow: number;
  rangeHigh: number;
  bins: Record<string, number> | null;
}

export function binEdges(low: number, high: number, bins: number): number[] {
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? high : low + ((high - low) * i) / bins));
}

/** Groups in the label's order (`order`), then any others alphabetically. */
export function orderGroups(
  groups: ReadonlyArray<{ group: string; pairs: number }>,
  order: readonly string[] = [],
): Array<{ group: string; pairs: number }> {
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return [...groups].sort((a, b) => rank(a.group) - rank(b.group) || a.group.localeCompare(b.group));
}

/** The SQL rows as one distribution per measure (measures in `measures` order, those without values left out). */
export function assembleDistributions(
  by: string,
  measures: readonly DistributionMeasure[],
  rows: readonly DistributionRow[],
  groups: ReadonlyArray<{ group: string; pairs: number }>,
  unlabelled: number,
  bins = HISTOGRAM_BINS,
): Distributions {
  const groupOrder = groups.map((g) => g.group);
  return {
    by,
    groups: [...groups],
    unlabelled,
    measures: measures.flatMap((m) => {
      const mine = rows
        .filter((r) => r.measure === m.key)
        .sort((a, b) => groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group));
      const first = mine[0];
      if (!first) return [];
      return [
        {
          measure: m.key,
          label: m.label,
          edges: binEdges(first.rangeLow, first.rangeHigh, bins),
          groups: mine.map(({ measure: _m, rangeLow: _l, rangeHigh: _h, bins: counts, ...stats }) => ({
            ...stats,
            histogram: Array.from({ length: bins }, (_, i) => counts?.[String(i + 1)] ?? 0),
          })),
        },
      ];
    }),
  };
}

const CSV_HEADER = [
  'measure',
  'group',
  'n',
  'min',
  'q1',
  'median',
  'q3',
  'max',
  'whisker_low',
  'whisker_high',
  'mean',
  'bin_low',
  'bin_high',
  'count',
];

/**
 * The distributions as CSV, one line per measure, group and histogram bin (the box figures repeated
 * on each of the group's lines), so a spreadsheet filters by measure and group.
 */
export function renderDistributionsCsv(d: Distributions): string {
  const lines = [CSV_HEADER.join(',')];
  for (const m of d.measures) {
    for (const g of m.groups) {
      const box = [g.n, g.min, g.q1, g.median, g.q3, g.max, g.whiskerLow, g.whiskerHigh, g.mean];
      g.histogram.forEach((count, i) =>
        lines.push([quoteCsvText(m.measure), quoteCsvText(g.group), ...box, m.edges[i], m.edges[i + 1], count].join(',')),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

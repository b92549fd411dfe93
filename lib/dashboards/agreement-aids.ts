/**
 * Reading aids and views of agreement beside the coefficients: Landis and Koch's (1977) bands for
 * kappa, Krippendorff's (2004, sec. 11.3.4) 0.667 / 0.8 thresholds for alpha, the confusion matrix
 * of a question (how often one annotator's answer met another's on the same pair), and subsets of
 * a rating table for the breakdowns by corpus, stratum and measure bin. Pure.
 */
import type { RatingValue } from '@/lib/agreement/rating-values';
import { toRatingMatrix, type RatingTable } from './question-agreement';

/** Landis & Koch (1977) strength of agreement for a kappa-like coefficient. */
export function landisKochBand(kappa: number | null): string | null {
  if (kappa === null) return null;
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almost perfect';
}

/** Krippendorff's thresholds: ≥ 0.8 reliable, 0.667-0.8 tentative conclusions only, below: discard. */
export function alphaHint(alpha: number | null): string | null {
  if (alpha === null) return null;
  if (alpha >= 0.8) return 'reliable (≥ 0.8)';
  if (alpha >= 0.667) return 'tentative conclusions only (0.667-0.8)';
  return 'below 0.667: not reliable';
}

/**
 * counts[i][j]: ordered pairs of answers by two different annotators on the same pair, the first
 * in category i and the second in j (symmetric; each unordered pair counted both ways).
 */
export function computeConfusionMatrix(table: RatingTable, categories: readonly RatingValue[]): number[][] {
  const index = new Map(categories.map((c, i) => [c, i]));
  const counts = categories.map(() => new Array<number>(categories.length).fill(0));
  const matrix = toRatingMatrix(table);
  for (let u = 0; u < table.units.length; u++) {
    const values = matrix.map((row) => row[u]).filter((v): v is RatingValue => v !== null && v !== undefined);
    for (let i = 0; i < values.length; i++) {
      for (let j = 0; j < values.length; j++) {
        if (i === j) continue;
        const a = index.get(values[i]!);
        const b = index.get(values[j]!);
        if (a !== undefined && b !== undefined) counts[a]![b]! += 1;
      }
    }
  }
  return counts;
}

/** The table restricted to the units `keep` accepts (coders without a rating left dropped). */
export function subsetTable(table: RatingTable, keep: (unit: number) => boolean): RatingTable {
  const columns = table.units.map((u, i) => (keep(u) ? i : -1)).filter((i) => i >= 0);
  const ratings = table.ratings.map((row) => columns.map((i) => row[i] ?? null));
  const rated = ratings.map((row) => row.some((v) => v !== null));
  return {
    coders: table.coders.filter((_, c) => rated[c]),
    units: columns.map((i) => table.units[i]!),
    ratings: ratings.filter((_, c) => rated[c]),
  };
}

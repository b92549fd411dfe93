/**
 * Which measures a corpus's semantic axis (sem, delta) rests on, from its semantic set and how many
 * pairs have each measure (the stored corpus summary; no scan of the pairs). Every view that shows
 * sem or delta says this, in particular when GloVe or WordNet stands in for the paper's measures.
 */
import { measureCatalog, semanticMeasureKeys, semanticTier, type SemanticMeasureKey } from '@/lib/measures/catalog';

export interface SemanticAxis {
  /** the paper's measures in the set that some pairs have, catalogue order */
  main: SemanticMeasureKey[];
  /** the first stand-in measure (GloVe or WordNet) that forms sem for some pairs, or null */
  fallback: SemanticMeasureKey | null;
  /** pairs whose sem comes from stand-in measures alone: exact when min === max */
  fallbackPairs: { min: number; max: number };
  /** the measures forming sem for some pairs, catalogue order */
  measures: SemanticMeasureKey[];
  /** e.g. "WMS, BERTScore, ST", "WMS (GloVe), GloVe cosine (no paper measure)", "ST; WordNet for 120 pairs" */
  label: string;
  /** e.g. "sem = mean of WMS (GloVe), GloVe cosine (no paper measure)"; "sem: no semantic measure yet" */
  formula: string;
}

const count = (range: { min: number; max: number }) =>
  range.min === range.max
    ? range.min.toLocaleString('en')
    : `${range.min.toLocaleString('en')}–${range.max.toLocaleString('en')}`;

export function describeSemanticAxis(
  set: readonly string[],
  counts: Partial<Record<SemanticMeasureKey, number>>,
  semPairs: number,
): SemanticAxis {
  const inSet = semanticMeasureKeys.filter((k) => set.includes(k) && (counts[k] ?? 0) > 0);
  const tiers = [1, 2, 3].map((tier) => inSet.filter((k) => semanticTier(k) === tier)).filter((keys) => keys.length > 0);
  const n = (k: SemanticMeasureKey) => counts[k] ?? 0;
  // Pairs whose sem comes from tier i: they have one of its measures and none of the tiers before.
  // The summary's per-measure counts bound them: at most min(Σ tier i, all − max before), at least
  // the larger of (max of tier i − Σ before) and (all − Σ of every other tier).
  const ranges = tiers.map((keys, i) => {
    const before = tiers.slice(0, i).flat();
    const others = tiers.filter((_, j) => j !== i).flat();
    const max = Math.max(
      0,
      Math.min(
        keys.reduce((s, k) => s + n(k), 0),
        semPairs - Math.max(0, ...before.map(n)),
      ),
    );
    const sumBefore = before.reduce((s, k) => s + n(k), 0);
    const min = Math.max(
      0,
      Math.min(max, Math.max(Math.max(...keys.map(n)) - sumBefore, semPairs - others.reduce((s, k) => s + n(k), 0))),
    );
    return { keys, min, max };
  });
  const forming = ranges.filter((r, i) => i === 0 || r.max > 0);
  const names = (keys: readonly SemanticMeasureKey[]) => keys.map((k) => measureCatalog[k].label).join(', ');
  const main = inSet.filter((k) => semanticTier(k) === 1);
  const standIns = forming.filter((r) => semanticTier(r.keys[0]!) > 1);
  // Pairs without a paper measure: all − pairs with one (between the largest paper count and their sum).
  const paperMax = Math.max(0, ...main.map(n));
  const paperSum = Math.min(
    semPairs,
    main.reduce((s, k) => s + n(k), 0),
  );
  const fallbackPairs =
    standIns.length === 0 ? { min: 0, max: 0 } : { min: Math.max(0, semPairs - paperSum), max: Math.max(0, semPairs - paperMax) };
  let label: string;
  if (semPairs === 0 || forming.length === 0) label = 'none (no semantic measure yet)';
  else {
    const [first, ...rest] = forming;
    label = names(first!.keys) + (semanticTier(first!.keys[0]!) > 1 ? ' (no paper measure)' : '');
    for (const r of rest) label += `; ${names(r.keys)} for ${count(r)} pairs`;
  }
  const measures = semPairs === 0 ? [] : semanticMeasureKeys.filter((k) => forming.some((r) => r.keys.includes(k)));
  return {
    main,
    fallback: fallbackPairs.max > 0 ? (standIns[0]?.keys[0] ?? null) : null,
    fallbackPairs,
    measures,
    label,
    formula: measures.length === 0 ? 'sem: no semantic measure yet' : `sem = mean of ${label}`,
  };
}

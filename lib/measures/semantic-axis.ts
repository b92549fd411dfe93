/**
 * Which measures a corpus's semantic axis (sem, delta) rests on, from its semantic set and how many
 * pairs have each measure (the stored corpus summary; no scan of the pairs). Every view that shows
 * sem or delta says this, in particular when WordNet stands in for the paper's measures.
 */
import { measureCatalog, semanticMeasureKeys, type SemanticMeasureKey } from '@/lib/measures/catalog';

export interface SemanticAxis {
  /** main measures in the set that some pairs have, catalogue order */
  main: SemanticMeasureKey[];
  /** fallback measure in the set that some pairs have (WordNet) */
  fallback: SemanticMeasureKey | null;
  /** pairs whose sem comes from the fallback alone: exact when min === max */
  fallbackPairs: { min: number; max: number };
  /** e.g. "WMS, BERTScore, ST", "WordNet (no paper measure)", "ST; WordNet for 120 pairs" */
  label: string;
}

export function describeSemanticAxis(set: readonly string[], counts: Partial<Record<SemanticMeasureKey, number>>, semPairs: number): SemanticAxis {
  const inSet = semanticMeasureKeys.filter((k) => set.includes(k) && (counts[k] ?? 0) > 0);
  const main = inSet.filter((k) => measureCatalog[k].fallback !== true);
  const fallback = inSet.find((k) => measureCatalog[k].fallback === true) ?? null;
  const mainCounts = main.map((k) => counts[k] ?? 0);
  // Pairs with at least one main measure lie between the largest count and the sum of the counts.
  const withMainMin = Math.min(semPairs, Math.max(0, ...mainCounts));
  const withMainMax = Math.min(semPairs, mainCounts.reduce((a, b) => a + b, 0));
  const fallbackPairs = fallback ? { min: Math.max(0, semPairs - withMainMax), max: Math.max(0, semPairs - withMainMin) } : { min: 0, max: 0 };
  const names = main.map((k) => measureCatalog[k].label).join(', ');
  let label: string;
  if (semPairs === 0) label = 'none (no semantic measure yet)';
  else if (main.length === 0 && fallback) label = `${measureCatalog[fallback].label} (no paper measure)`;
  else if (!fallback || fallbackPairs.max === 0) label = names;
  else {
    const count = fallbackPairs.min === fallbackPairs.max ? fallbackPairs.min.toLocaleString('en') : `${fallbackPairs.min.toLocaleString('en')}–${fallbackPairs.max.toLocaleString('en')}`;
    label = `${names}; ${measureCatalog[fallback].label} for ${count} pairs`;
  }
  return { main, fallback: fallbackPairs.max > 0 ? fallback : null, fallbackPairs, label };
}

/**
 * Which semantic measures a corpus should have, and how many of its pairs lack each (corpora that
 * heal, docs/semantic-measures.md#completing-a-corpus): the measures of its semantic set (they form
 * sem) that this installation computes for the corpus's language, i.e. what an import's automatic
 * scoring job would compute for it today. A measure the set leaves out, or whose model is not
 * installed, is not expected; a measure that is expected and missing on some pairs is completed by
 * a scoring job for exactly those measures, which fills in only the pairs that lack them. The counts
 * come from the stored corpus summary (pairs with a value per measure), never from a scan.
 */
import { measureCatalog, semanticMeasureKeys, type SemanticMeasureKey } from './catalog';

export interface ExpectedMeasure {
  measure: SemanticMeasureKey;
  /** pairs without a value */
  missing: number;
}

export function expectedMeasures(input: {
  /** the corpus's semantic set (Corpus.semMeasures) */
  semSet: readonly string[];
  /** what this installation computes for the corpus's language (lib/models/text-scorers.ts availableMeasures) */
  computable: readonly string[];
  pairs: number;
  /** pairs with a value, per measure (the summary's n) */
  withValue: Partial<Record<string, number>>;
}): ExpectedMeasure[] {
  return semanticMeasureKeys
    .filter((k) => input.semSet.includes(k) && input.computable.includes(k))
    .map((measure) => ({ measure, missing: Math.max(0, input.pairs - (input.withValue[measure] ?? 0)) }));
}

/** "5 pairs lack WordNet", "1,204 pairs lack ST and 12 lack BERTScore". */
export function describeMissingMeasures(missing: readonly ExpectedMeasure[]): string {
  const parts = missing
    .filter((m) => m.missing > 0)
    .map((m, i) => {
      const n = m.missing.toLocaleString('en');
      const label = measureCatalog[m.measure].label;
      return i === 0 ? `${n} ${m.missing === 1 ? 'pair lacks' : 'pairs lack'} ${label}` : `${n} lack ${label}`;
    });
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/**
 * The paper's averages (EACL 2023 sec. 4, Table 5): syn = mean(ROUGE-1, ROUGE-L, BLEU),
 * sem = mean(WMS, BERTScore F1, Sentence-Transformer cosine), delta = sem - syn.
 *
 * The semantic measures (lib/measures/catalog.ts, kind 'semantic') come from imported columns or
 * local models. sem averages the measures of the corpus's set of the lowest tier the pair has
 * (catalogue `semTier`): the paper's three; else the GloVe pair (wmsGlove, gloveCosine); else
 * WordNet; semFrom says which (e.g. ['wmsGlove', 'gloveCosine'] or ['wordnet']). As in the paper's
 * scoring code, BERTScore (baseline-rescaled, can leave [0, 1]) and the ST cosine
 * (can be negative) are clipped to [0, 1] unless clipping is off; WMS = 1 - WMD/2 is already
 * in [0, 1] and passes unchanged. sem averages the measures that are present (missing or
 * non-finite values are absent); with none present sem and delta are null. syn is null when
 * any of its three parts is null (only BLEU with smoothing method 6 can be). The lists say
 * which measures formed each average.
 */

import { measureCatalog, semanticMeasureKeys, semanticTier, type SemanticMeasureKey } from '@/lib/measures/catalog';
import { clip01 } from '@/lib/measures/pooling';

export type SemanticInputs = Partial<Record<SemanticMeasureKey, number | null>>;

export interface SyntacticParts {
  rouge1: number;
  rougeL: number;
  bleu: number | null;
}

export type SyntacticMeasureName = 'rouge1' | 'rougeL' | 'bleu';

export interface SimilaritySummary {
  syn: number | null;
  synFrom: SyntacticMeasureName[];
  sem: number | null;
  semFrom: SemanticMeasureKey[];
  delta: number | null;
}

function isPresent(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** syn from its three parts, null unless all three are numbers. */
export function computeSyn(parts: SyntacticParts): number | null {
  if (parts.bleu === null) return null;
  return (parts.rouge1 + parts.rougeL + parts.bleu) / 3;
}

/** The semantic value as stored: clipped to [0, 1] where the catalogue says so (and clipping is on). */
export function normalizeSemanticValue(key: SemanticMeasureKey, value: number | null | undefined, clip = true): number | null {
  if (!isPresent(value)) return null;
  return clip && measureCatalog[key].clipImported === true ? clip01(value) : value;
}

/**
 * sem, delta and their provenance from the semantic measures (catalogue order) and syn.
 * `include` limits which semantic measures form sem (a corpus's configured set); default all.
 */
export function summarizeSimilarity(
  parts: SyntacticParts,
  semantic: SemanticInputs,
  options: { clip?: boolean; include?: readonly SemanticMeasureKey[] } = {},
): SimilaritySummary {
  const syn = computeSyn(parts);
  const clip = options.clip ?? true;
  const include = new Set(options.include ?? semanticMeasureKeys);
  const semFrom: SemanticMeasureKey[] = [];
  let sum = 0;
  // First the paper's measures; GloVe only when none is present; WordNet only when neither is.
  for (const tier of [1, 2, 3]) {
    for (const key of semanticMeasureKeys) {
      if (!include.has(key) || semanticTier(key) !== tier) continue;
      const value = normalizeSemanticValue(key, semantic[key], clip);
      if (value === null) continue;
      semFrom.push(key);
      sum += value;
    }
    if (semFrom.length > 0) break;
  }
  const sem = semFrom.length > 0 ? sum / semFrom.length : null;
  return {
    syn,
    synFrom: syn === null ? [] : ['rouge1', 'rougeL', 'bleu'],
    sem,
    semFrom,
    delta: sem !== null && syn !== null ? sem - syn : null,
  };
}

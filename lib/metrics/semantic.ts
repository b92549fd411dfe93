/**
 * The paper's averages (EACL 2023 sec. 4, Table 5): syn = mean(ROUGE-1, ROUGE-L, BLEU),
 * sem = mean(WMS, BERTScore F1, Sentence-Transformer cosine), delta = sem - syn.
 *
 * The semantic measures need large models, so they come from imported columns. As in the
 * paper's scoring code, BERTScore (baseline-rescaled, can leave [0, 1]) and the ST cosine
 * (can be negative) are clipped to [0, 1] unless clipping is off; WMS = 1 - WMD/2 is already
 * in [0, 1] and passes unchanged. sem averages the measures that are present (missing or
 * non-finite values are absent); with none present sem and delta are null. syn is null when
 * any of its three parts is null (only BLEU with smoothing method 6 can be). The lists say
 * which measures formed each average.
 */

export interface SemanticInputs {
  wms?: number | null;
  bertscore?: number | null;
  st?: number | null;
}

export interface SyntacticParts {
  rouge1: number;
  rougeL: number;
  bleu: number | null;
}

export type SemanticMeasureName = 'wms' | 'bertscore' | 'st';
export type SyntacticMeasureName = 'rouge1' | 'rougeL' | 'bleu';

export interface SimilaritySummary {
  syn: number | null;
  synFrom: SyntacticMeasureName[];
  sem: number | null;
  semFrom: SemanticMeasureName[];
  delta: number | null;
}

function isPresent(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

function clip01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/** syn from its three parts, null unless all three are numbers. */
export function computeSyn(parts: SyntacticParts): number | null {
  if (parts.bleu === null) return null;
  return (parts.rouge1 + parts.rougeL + parts.bleu) / 3;
}

/** sem, delta and their provenance from the imported semantic measures and syn. */
export function summarizeSimilarity(
  parts: SyntacticParts,
  semantic: SemanticInputs,
  options: { clip: boolean } = { clip: true },
): SimilaritySummary {
  const syn = computeSyn(parts);
  const semFrom: SemanticMeasureName[] = [];
  let sum = 0;
  // Unrolled rather than a local helper: this runs once per imported pair.
  if (isPresent(semantic.wms)) {
    semFrom.push('wms');
    sum += semantic.wms;
  }
  if (isPresent(semantic.bertscore)) {
    semFrom.push('bertscore');
    sum += options.clip ? clip01(semantic.bertscore) : semantic.bertscore;
  }
  if (isPresent(semantic.st)) {
    semFrom.push('st');
    sum += options.clip ? clip01(semantic.st) : semantic.st;
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

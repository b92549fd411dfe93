/**
 * The BERTScore measure's model: an encoder whose output is the layer the score reads (the paper:
 * roberta-large cut to 17 layers, bert_score's default for English), with the settings of the
 * paper's scorer unless bertscore.json in the model folder says otherwise:
 *
 *   { "baseline": { "precision": 0.83150584, "recall": 0.8314941, "f1": 0.83122575 } | null,
 *     "lowercase": true, "prefixSpace": true, "maxLength": 512 }
 *
 * baseline = bert_score's rescale_baseline/en/roberta-large.tsv layer 17 (null: no rescaling);
 * lowercase = the paper lower-cased both texts; prefixSpace = bert_score encodes RoBERTa/GPT-2
 * input with add_prefix_space=True (default: on when the tokenizer is byte-level BPE). The stored
 * value is F1 clipped to [0, 1].
 */
import {
  computeBertScore,
  normalizeRows,
  rescaleBertScore,
  ROBERTA_LARGE_L17_BASELINE,
  type BertScoreBaseline,
  type WeightedTokens,
} from '@/lib/measures/bertscore';
import { clip01 } from '@/lib/measures/pooling';
import { foundFile, type ModelStatus } from './model-folder';
import { OnnxTextEncoder, readModelJson } from './onnx-encoder';

export interface BertScoreSettings {
  baseline: BertScoreBaseline | null;
  lowercase: boolean;
  prefixSpace: boolean;
  maxLength?: number;
}

function isByteLevel(tokenizer: Record<string, unknown>): boolean {
  return JSON.stringify(tokenizer.pre_tokenizer ?? null).includes('"ByteLevel"');
}

function readBaseline(value: unknown, label: string): BertScoreBaseline | null {
  if (value === null) return null;
  const b = value as Partial<Record<keyof BertScoreBaseline, unknown>>;
  const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x < 1;
  if (typeof value !== 'object' || !ok(b.precision) || !ok(b.recall) || !ok(b.f1)) {
    throw new Error(`${label}: bertscore.json "baseline" must be null or { "precision", "recall", "f1" } numbers below 1`);
  }
  return { precision: b.precision, recall: b.recall, f1: b.f1 };
}

/** The settings from bertscore.json (may be absent) over the paper's defaults. */
export function resolveBertScoreSettings(
  json: Record<string, unknown> | null,
  tokenizer: Record<string, unknown>,
  label: string,
): BertScoreSettings {
  const settings: BertScoreSettings = {
    baseline: ROBERTA_LARGE_L17_BASELINE,
    lowercase: true,
    prefixSpace: isByteLevel(tokenizer),
  };
  if (!json) return settings;
  if ('baseline' in json) settings.baseline = readBaseline(json.baseline, label);
  for (const key of ['lowercase', 'prefixSpace'] as const) {
    if (key in json) {
      if (typeof json[key] !== 'boolean') throw new Error(`${label}: bertscore.json "${key}" must be true or false`);
      settings[key] = json[key];
    }
  }
  if ('maxLength' in json) {
    if (typeof json.maxLength !== 'number' || !Number.isInteger(json.maxLength) || json.maxLength < 2)
      throw new Error(`${label}: bertscore.json "maxLength" must be an integer of at least 2`);
    settings.maxLength = json.maxLength;
  }
  return settings;
}

export class BertScoreModel {
  private constructor(
    readonly encoder: OnnxTextEncoder,
    readonly settings: BertScoreSettings,
  ) {}

  static async load(status: ModelStatus, options: { batchSize?: number; threads?: number } = {}): Promise<BertScoreModel> {
    const label = `BERTScore model (${status.folder})`;
    const file = (name: string) => foundFile(status, name);
    const tokenizerFile = file('tokenizer.json')!;
    const settingsFile = file('bertscore.json');
    const settings = resolveBertScoreSettings(
      settingsFile ? await readModelJson(settingsFile, label) : null,
      await readModelJson(tokenizerFile, label),
      label,
    );
    const encoder = await OnnxTextEncoder.load(
      { model: file('onnx/model.onnx')!, tokenizer: tokenizerFile, tokenizerConfig: file('tokenizer_config.json')! },
      {
        label,
        lowercase: settings.lowercase,
        prefixSpace: settings.prefixSpace,
        ...(settings.maxLength ? { maxLength: settings.maxLength } : {}),
        ...options,
      },
    );
    return new BertScoreModel(encoder, settings);
  }

  /** Unit-length token embeddings with bert_score's weights (0 for special tokens), in input order. */
  async embedTokens(texts: readonly string[]): Promise<WeightedTokens[]> {
    return (await this.encoder.encode(texts)).map((e) => ({
      tokens: normalizeRows(e.tokens),
      weights: Float32Array.from(e.special, (s) => (s ? 0 : 1)),
    }));
  }

  /** The stored value: rescaled F1 of candidate `a` against reference `b`, clipped to [0, 1]. */
  score(a: WeightedTokens, b: WeightedTokens): number {
    return clip01(rescaleBertScore(computeBertScore(a, b), this.settings.baseline).f1);
  }

  close(): Promise<void> {
    return this.encoder.close();
  }
}

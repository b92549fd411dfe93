/**
 * The local model folder (PARALENS_MODELS, default <PARALENS_HOME>/models): which files each
 * model-based semantic measure expects, where, and whether they are there. Paralens never
 * downloads a model; a researcher puts the files in place (README, "Semantic models") and
 * `paralens models` shows what was found. WordNet needs no folder (it ships with the npm package).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export type ModelMeasure = 'st' | 'bertscore' | 'wms';
export const MODEL_MEASURES: readonly ModelMeasure[] = ['st', 'bertscore', 'wms'];

interface FileRule {
  /** how the file is named in messages, relative to the measure's folder */
  label: string;
  /** paths tried in order, relative to the measure's folder; or a file-name pattern (exactly one match) */
  candidates: string[] | RegExp;
  required: boolean;
  purpose: string;
}

export interface ModelSpec {
  measure: ModelMeasure;
  title: string;
  folder: string;
  /** the public model the paper used, which these files should come from */
  reproduces: string;
  files: FileRule[];
}

const onnxRule: FileRule = {
  label: 'onnx/model.onnx',
  candidates: ['onnx/model.onnx', 'model.onnx'],
  required: true,
  purpose: 'the encoder in ONNX form (output last_hidden_state); model.onnx at the top also works',
};
const tokenizerRules: FileRule[] = [
  {
    label: 'tokenizer.json',
    candidates: ['tokenizer.json'],
    required: true,
    purpose: 'the tokenizer (Hugging Face tokenizers format)',
  },
  {
    label: 'tokenizer_config.json',
    candidates: ['tokenizer_config.json'],
    required: true,
    purpose: 'tokenizer settings (model_max_length, special tokens)',
  },
];

export const MODEL_SPECS: Record<ModelMeasure, ModelSpec> = {
  st: {
    measure: 'st',
    title: 'Sentence-Transformer cosine',
    folder: 'st',
    reproduces: 'sentence-transformers/paraphrase-mpnet-base-v2 (its ONNX export)',
    files: [
      onnxRule,
      ...tokenizerRules,
      {
        label: '1_Pooling/config.json',
        candidates: ['1_Pooling/config.json'],
        required: true,
        purpose: 'how token embeddings become the sentence embedding',
      },
      {
        label: 'sentence_bert_config.json',
        candidates: ['sentence_bert_config.json'],
        required: false,
        purpose: 'max_seq_length (default: the tokenizer’s model_max_length)',
      },
      {
        label: 'modules.json',
        candidates: ['modules.json'],
        required: false,
        purpose: 'checked: only Transformer, Pooling and Normalize modules can run',
      },
    ],
  },
  bertscore: {
    measure: 'bertscore',
    title: 'BERTScore F1',
    folder: 'bertscore',
    reproduces: 'roberta-large cut to its first 17 layers (bert_score’s default for English), as ONNX',
    files: [
      onnxRule,
      ...tokenizerRules,
      {
        label: 'bertscore.json',
        candidates: ['bertscore.json'],
        required: false,
        purpose: 'baseline rescaling constants, lower-casing (default: the paper’s roberta-large layer-17 setting)',
      },
    ],
  },
  wms: {
    measure: 'wms',
    title: 'Word Mover similarity',
    folder: 'wms',
    reproduces: 'fastText wiki-news-300d-1M-subword.vec (gensim’s fasttext-wiki-news-subwords-300)',
    files: [
      {
        label: '<name>.vec or <name>.txt',
        candidates: /\.(vec|txt)$/,
        required: true,
        purpose: 'word vectors as text: fastText .vec (with its header line) or GloVe .txt, one file',
      },
    ],
  },
};

export interface FileStatus {
  label: string;
  required: boolean;
  purpose: string;
  /** absolute path of the file found, or null */
  found: string | null;
  bytes: number | null;
  /** why the file cannot be used although something is there */
  problem?: string;
}

export interface ModelStatus {
  measure: ModelMeasure;
  title: string;
  folder: string;
  reproduces: string;
  ready: boolean;
  files: FileStatus[];
}

function sizeOf(file: string): number | null {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

function locate(folder: string, rule: FileRule): Pick<FileStatus, 'found' | 'bytes' | 'problem'> {
  if (Array.isArray(rule.candidates)) {
    for (const candidate of rule.candidates) {
      const file = path.join(folder, candidate);
      const bytes = sizeOf(file);
      if (bytes !== null) return { found: file, bytes };
    }
    return { found: null, bytes: null };
  }
  let names: string[] = [];
  try {
    names = readdirSync(folder)
      .filter((n) => (rule.candidates as RegExp).test(n) && sizeOf(path.join(folder, n)) !== null)
      .sort();
  } catch {
    return { found: null, bytes: null };
  }
  if (names.length === 0) return { found: null, bytes: null };
  if (names.length > 1) return { found: null, bytes: null, problem: `several candidates (${names.join(', ')}): keep one` };
  const file = path.join(folder, names[0]!);
  return { found: file, bytes: sizeOf(file) };
}

/**
 * ST for corpora not in English (docs/semantic-measures.md): a multilingual sentence model in its
 * own folder, `paralens models pull st-multilingual`; the same files as the paper's ST.
 */
export const ST_MULTILINGUAL_SPEC: ModelSpec = {
  ...MODEL_SPECS.st,
  title: 'Sentence-Transformer cosine (multilingual)',
  folder: 'st-multilingual',
  reproduces: 'sentence-transformers/paraphrase-multilingual-mpnet-base-v2 (its ONNX export)',
};

/** The ST model a corpus in `language` uses: the paper's for English, the multilingual one otherwise. */
export function inspectStModel(modelsDir: string, language: string): ModelStatus {
  return language === 'en' ? inspectModel(modelsDir, 'st') : inspectSpec(modelsDir, ST_MULTILINGUAL_SPEC);
}

export function inspectModel(modelsDir: string, measure: ModelMeasure): ModelStatus {
  return inspectSpec(modelsDir, MODEL_SPECS[measure]);
}

function inspectSpec(modelsDir: string, spec: ModelSpec): ModelStatus {
  const { measure } = spec;
  const folder = path.join(modelsDir, spec.folder);
  const files = spec.files.map((rule) => ({
    label: rule.label,
    required: rule.required,
    purpose: rule.purpose,
    ...locate(folder, rule),
  }));
  return {
    measure,
    title: spec.title,
    folder,
    reproduces: spec.reproduces,
    ready: files.every((f) => !f.required || f.found !== null),
    files,
  };
}

export function inspectModelFolder(modelsDir: string): ModelStatus[] {
  return MODEL_MEASURES.map((m) => inspectModel(modelsDir, m));
}

/** The file a ready model found for `label` (throws for a label the spec does not have). */
export function foundFile(status: ModelStatus, label: string): string | null {
  const file = status.files.find((f) => f.label === label);
  if (!file) throw new Error(`no file ${label} in the ${status.measure} model specification`);
  return file.found;
}

/** One line naming what is missing and where it goes, for a model that is not ready. */
export function describeMissing(status: ModelStatus): string {
  const missing = status.files
    .filter((f) => f.required && !f.found)
    .map((f) => (f.problem ? `${f.label} (${f.problem})` : f.label));
  return `${status.title} (${status.measure}) is not available: ${missing.join(', ')} missing in ${status.folder}. Put the files of ${status.reproduces} there (README, "Semantic models"; \`paralens models\` lists them).`;
}

/**
 * The ST measure's model: a sentence-transformers model exported to ONNX (the paper:
 * paraphrase-mpnet-base-v2), run as sentence-transformers runs it: texts stripped, optionally
 * lower-cased (sentence_bert_config.json do_lower_case), truncated to max_seq_length, token
 * embeddings pooled as 1_Pooling/config.json says (lib/measures/pooling.ts). A Normalize module
 * changes no cosine and is accepted; Dense and other modules cannot run from an encoder export
 * and are refused with a message.
 */
import { parsePoolingConfig, poolTokens, type PoolingMode } from '@/lib/measures/pooling';
import { foundFile, type ModelStatus } from './model-folder';
import { OnnxTextEncoder, readJsonFile, readModelJson } from './onnx-encoder';

const SUPPORTED_MODULES = [
  'sentence_transformers.models.Transformer',
  'sentence_transformers.models.Pooling',
  'sentence_transformers.models.Normalize',
];

export interface SentenceModelOptions {
  batchSize?: number;
  threads?: number;
}

export class SentenceModel {
  private constructor(
    readonly encoder: OnnxTextEncoder,
    readonly pooling: PoolingMode[],
  ) {}

  static async load(status: ModelStatus, options: SentenceModelOptions = {}): Promise<SentenceModel> {
    const label = `ST model (${status.folder})`;
    const file = (name: string) => foundFile(status, name);
    const poolingFile = file('1_Pooling/config.json')!;
    let pooling: PoolingMode[];
    try {
      pooling = parsePoolingConfig(await readModelJson(poolingFile, label));
    } catch (error) {
      throw new Error(`${label}: ${poolingFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const modulesFile = file('modules.json');
    if (modulesFile) {
      const modules = await readJsonFile(modulesFile, label);
      if (!Array.isArray(modules)) throw new Error(`${label}: ${modulesFile} does not hold a JSON array of modules`);
      const unsupported = (modules as Array<{ type?: unknown }>)
        .map((m) => String(m.type))
        .filter((t) => !SUPPORTED_MODULES.includes(t));
      if (unsupported.length > 0)
        throw new Error(
          `${label}: modules.json lists ${unsupported.join(', ')}, which an ONNX encoder export cannot run (only Transformer, Pooling and Normalize)`,
        );
    }
    const bertConfigFile = file('sentence_bert_config.json');
    const bertConfig = bertConfigFile ? await readModelJson(bertConfigFile, label) : {};
    const encoder = await OnnxTextEncoder.load(
      { model: file('onnx/model.onnx')!, tokenizer: file('tokenizer.json')!, tokenizerConfig: file('tokenizer_config.json')! },
      {
        label,
        ...(typeof bertConfig.max_seq_length === 'number' ? { maxLength: bertConfig.max_seq_length } : {}),
        lowercase: bertConfig.do_lower_case === true,
        ...options,
      },
    );
    return new SentenceModel(encoder, pooling);
  }

  /** Sentence embeddings, in input order. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return (await this.encoder.encode(texts)).map((e) => poolTokens(e.tokens, this.pooling));
  }

  close(): Promise<void> {
    return this.encoder.close();
  }
}

/**
 * A transformer encoder from local files: an ONNX graph run by onnxruntime-node (CPU, both cores)
 * and a Hugging Face tokenizer.json read by @huggingface/tokenizers. Neither library downloads
 * anything: both get file contents from here. Texts are tokenised, truncated, sorted by length
 * and run in padded batches; each text gets back the contextual embeddings of its own tokens
 * (padding dropped) and which of them are special tokens. ST and BERTScore build on this.
 */
import { readFile } from 'node:fs/promises';
import { Tokenizer } from '@huggingface/tokenizers';
import ort from 'onnxruntime-node';
import type { TokenMatrix } from '@/lib/measures/pooling';

export interface EncoderFiles {
  model: string;
  tokenizer: string;
  tokenizerConfig: string;
}

export interface EncoderOptions {
  /** names the model in messages, e.g. "ST (st/onnx/model.onnx)" */
  label: string;
  /** tokens per text, special tokens included (default: tokenizer_config model_max_length, at most 512) */
  maxLength?: number;
  lowercase?: boolean;
  /** prepend a space, as RoBERTa's add_prefix_space=True (bert_score) does */
  prefixSpace?: boolean;
  /** texts per batch (default 32) */
  batchSize?: number;
  /** onnxruntime intra-op threads (default 2: this machine's cores) */
  threads?: number;
}

export interface EncodedText {
  tokens: TokenMatrix;
  /** 1 where the token is a special token ([CLS], </s>, ...) */
  special: Uint8Array;
}

interface Tokenized {
  ids: number[];
  special: Uint8Array;
}

const OUTPUT_NAMES = ['last_hidden_state', 'token_embeddings'];
const KNOWN_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids', 'position_ids']);

/** A model folder's JSON file, parsed; a clear error naming the file otherwise. */
export async function readJsonFile(file: string, label: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new Error(`${label}: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A model folder's JSON file that must hold an object. */
export async function readModelJson(file: string, label: string): Promise<Record<string, unknown>> {
  const value = await readJsonFile(file, label);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${label}: ${file} does not hold a JSON object`);
  return value as Record<string, unknown>;
}

export class OnnxTextEncoder {
  private readonly specialIds: Set<number>;
  private readonly padId: number;
  private readonly outputName: string;

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: Tokenizer,
    private readonly options: EncoderOptions & { maxLength: number },
    tokenizerConfig: Record<string, unknown>,
  ) {
    const added = [...tokenizer.get_added_tokens_decoder().values()];
    this.specialIds = new Set(added.filter((t) => t.special).map((t) => t.id));
    const pad = typeof tokenizerConfig.pad_token === 'string' ? tokenizer.token_to_id(tokenizerConfig.pad_token) : undefined;
    this.padId = pad ?? 0;
    this.outputName = OUTPUT_NAMES.find((n) => session.outputNames.includes(n)) ?? session.outputNames[0]!;
  }

  static async load(files: EncoderFiles, options: EncoderOptions): Promise<OnnxTextEncoder> {
    const [tokenizerJson, tokenizerConfig] = await Promise.all([
      readModelJson(files.tokenizer, options.label),
      readModelJson(files.tokenizerConfig, options.label),
    ]);
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
      tokenizer.encode('a');
    } catch (error) {
      throw new Error(
        `${options.label}: ${files.tokenizer} is not a usable tokenizer (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    let session: ort.InferenceSession;
    try {
      session = await ort.InferenceSession.create(files.model, {
        executionProviders: ['cpu'],
        intraOpNumThreads: options.threads ?? 2,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        logSeverityLevel: 3,
      });
    } catch (error) {
      throw new Error(
        `${options.label}: ${files.model} is not a usable ONNX model (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    }
    const unknown = session.inputNames.filter((n) => !KNOWN_INPUTS.has(n));
    const needed = ['input_ids', 'attention_mask'].filter((n) => !session.inputNames.includes(n));
    if (unknown.length > 0 || needed.length > 0) {
      await session.release();
      throw new Error(
        `${options.label}: ${files.model} has inputs [${session.inputNames.join(', ')}]; an encoder export with input_ids and attention_mask (and optionally token_type_ids, position_ids) is needed`,
      );
    }
    const configured = typeof tokenizerConfig.model_max_length === 'number' ? tokenizerConfig.model_max_length : 512;
    const maxLength = Math.max(2, Math.min(options.maxLength ?? configured, 512));
    return new OnnxTextEncoder(session, tokenizer, { ...options, maxLength }, tokenizerConfig);
  }

  /** Token ids of one text (stripped, optionally lower-cased and space-prefixed), truncated to maxLength. */
  tokenize(text: string): Tokenized {
    let input = text.trim();
    if (this.options.lowercase) input = input.toLowerCase();
    // bert_score encodes an empty text as its special tokens alone (sent_encode)
    if (this.options.prefixSpace && input !== '') input = ` ${input}`;
    let ids = this.tokenizer.encode(input).ids;
    const max = this.options.maxLength;
    if (ids.length > max) {
      const last = ids[ids.length - 1]!;
      ids = this.specialIds.has(last) ? [...ids.slice(0, max - 1), last] : ids.slice(0, max);
    }
    return { ids, special: Uint8Array.from(ids, (id) => (this.specialIds.has(id) ? 1 : 0)) };
  }

  /** Runs one padded batch; returns the output tensor [batch, sequence, hidden]. */
  async runBatch(batch: readonly Tokenized[]): Promise<{ data: Float32Array; sequence: number; hidden: number }> {
    const sequence = Math.max(...batch.map((t) => t.ids.length));
    const size = batch.length * sequence;
    const ids = new BigInt64Array(size).fill(BigInt(this.padId));
    const mask = new BigInt64Array(size);
    batch.forEach((t, b) => {
      t.ids.forEach((id, k) => {
        ids[b * sequence + k] = BigInt(id);
        mask[b * sequence + k] = 1n;
      });
    });
    const dims = [batch.length, sequence];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
    };
    if (this.session.inputNames.includes('token_type_ids'))
      feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(size), dims);
    if (this.session.inputNames.includes('position_ids'))
      feeds.position_ids = new ort.Tensor(
        'int64',
        BigInt64Array.from({ length: size }, (_, k) => BigInt(k % sequence)),
        dims,
      );
    let output: ort.Tensor | undefined;
    try {
      output = (await this.session.run(feeds))[this.outputName];
    } catch (error) {
      throw new Error(
        `${this.options.label}: the model failed to run (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    }
    if (
      !output ||
      output.dims.length !== 3 ||
      output.dims[0] !== batch.length ||
      output.dims[1] !== sequence ||
      !(output.data instanceof Float32Array)
    ) {
      throw new Error(
        `${this.options.label}: output ${this.outputName} has shape [${output?.dims.join(', ') ?? ''}]; expected float [batch, sequence, hidden] token embeddings`,
      );
    }
    return { data: output.data, sequence, hidden: output.dims[2]! };
  }

  /** Contextual token embeddings of each text, in input order. */
  async encode(texts: readonly string[]): Promise<EncodedText[]> {
    const tokenized = texts.map((t) => this.tokenize(t));
    const order = tokenized.map((_, k) => k).sort((a, b) => tokenized[a]!.ids.length - tokenized[b]!.ids.length);
    const results = new Array<EncodedText>(texts.length);
    const batchSize = this.options.batchSize ?? 32;
    for (let start = 0; start < order.length; start += batchSize) {
      const indices = order.slice(start, start + batchSize);
      const { data, sequence, hidden } = await this.runBatch(indices.map((k) => tokenized[k]!));
      indices.forEach((k, b) => {
        const rows = tokenized[k]!.ids.length;
        const begin = b * sequence * hidden;
        results[k] = {
          tokens: { rows, dim: hidden, data: data.slice(begin, begin + rows * hidden) },
          special: tokenized[k]!.special,
        };
      });
    }
    return results;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/**
 * A tiny contextual text encoder as an ONNX graph, for tests and the CI benchmark: the same
 * inputs and output as a Hugging Face encoder export (input_ids, attention_mask, optionally
 * token_type_ids → last_hidden_state [batch, sequence, hidden]), a few kilobytes of seeded
 * weights, built in milliseconds. Each token's output depends on the whole text:
 *
 *   e = E[input_ids] (+ T[token_type_ids]);  c = mean of e over the attention mask;
 *   last_hidden_state = tanh(e + c·W)
 *
 * so the real loading, tokenisation, batching, padding, pooling and matching code runs on it.
 */
import { createRandom } from '@/lib/stats/random';
import { encodeOnnxModel, OnnxType, type OnnxNode, type OnnxTensor } from './onnx-writer';

export interface TinyEncoderOptions {
  vocabSize: number;
  hidden: number;
  seed: number;
  /** BERT-style third input */
  tokenTypes?: boolean;
}

function seededWeights(count: number, seed: number, scale: number): number[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => (random.nextFloat() * 2 - 1) * scale);
}

export function buildTinyEncoder(options: TinyEncoderOptions): Uint8Array {
  const { vocabSize, hidden, seed } = options;
  const initializers: OnnxTensor[] = [
    { name: 'word_embeddings', dims: [vocabSize, hidden], type: OnnxType.FLOAT, values: seededWeights(vocabSize * hidden, seed, 1) },
    { name: 'context_weight', dims: [hidden, hidden], type: OnnxType.FLOAT, values: seededWeights(hidden * hidden, seed + 1, 0.5) },
    { name: 'axis_1', dims: [1], type: OnnxType.INT64, values: [1] },
    { name: 'axis_2', dims: [1], type: OnnxType.INT64, values: [2] },
  ];
  const nodes: OnnxNode[] = [{ op: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: [options.tokenTypes ? 'words' : 'embedded'] }];
  const inputs = [
    { name: 'input_ids', type: OnnxType.INT64, shape: ['batch', 'sequence'] },
    { name: 'attention_mask', type: OnnxType.INT64, shape: ['batch', 'sequence'] },
  ];
  if (options.tokenTypes) {
    initializers.push({ name: 'type_embeddings', dims: [2, hidden], type: OnnxType.FLOAT, values: seededWeights(2 * hidden, seed + 2, 0.1) });
    inputs.push({ name: 'token_type_ids', type: OnnxType.INT64, shape: ['batch', 'sequence'] });
    nodes.push(
      { op: 'Gather', inputs: ['type_embeddings', 'token_type_ids'], outputs: ['types'] },
      { op: 'Add', inputs: ['words', 'types'], outputs: ['embedded'] },
    );
  }
  nodes.push(
    { op: 'Cast', inputs: ['attention_mask'], outputs: ['mask'], ints: { to: OnnxType.FLOAT } },
    { op: 'Unsqueeze', inputs: ['mask', 'axis_2'], outputs: ['mask3'] },
    { op: 'Mul', inputs: ['embedded', 'mask3'], outputs: ['masked'] },
    { op: 'ReduceSum', inputs: ['masked', 'axis_1'], outputs: ['total'], ints: { keepdims: 1 } },
    { op: 'ReduceSum', inputs: ['mask3', 'axis_1'], outputs: ['count'], ints: { keepdims: 1 } },
    { op: 'Div', inputs: ['total', 'count'], outputs: ['mean'] },
    { op: 'MatMul', inputs: ['mean', 'context_weight'], outputs: ['context'] },
    { op: 'Add', inputs: ['embedded', 'context'], outputs: ['mixed'] },
    { op: 'Tanh', inputs: ['mixed'], outputs: ['last_hidden_state'] },
  );
  return encodeOnnxModel({
    name: 'tiny-encoder',
    opset: 13,
    nodes,
    initializers,
    inputs,
    outputs: [{ name: 'last_hidden_state', type: OnnxType.FLOAT, shape: ['batch', 'sequence', hidden] }],
  });
}

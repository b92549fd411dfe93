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
    {
      name: 'word_embeddings',
      dims: [vocabSize, hidden],
      type: OnnxType.FLOAT,
      values: seededWeights(vocabSize * hidden, seed, 1),
    },
    {
      name: 'context_weight',
      dims: [hidden, hidden],
      type: OnnxType.FLOAT,
      values: seededWeights(hidden * hidden, seed + 1, 0.5),
    },
    { name: 'axis_1', dims: [1], type: OnnxType.INT64, values: [1] },
    { name: 'axis_2', dims: [1], type: OnnxType.INT64, values: [2] },
  ];
  const nodes: OnnxNode[] = [
    { op: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: [options.tokenTypes ? 'words' : 'embedded'] },
  ];
  const inputs = [
    { name: 'input_ids', type: OnnxType.INT64, shape: ['batch', 'sequence'] },
    { name: 'attention_mask', type: OnnxType.INT64, shape: ['batch', 'sequence'] },
  ];
  if (options.tokenTypes) {
    initializers.push({
      name: 'type_embeddings',
      dims: [2, hidden],
      type: OnnxType.FLOAT,
      values: seededWeights(2 * hidden, seed + 2, 0.1),
    });
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

export interface TinyLayeredEncoder {
  model: Uint8Array;
  /** hidden_states[0..layers] of one text, computed in JavaScript from the same weights ([sequence][hidden]) */
  hiddenStates(ids: readonly number[]): number[][][];
}

/**
 * A tiny stand-in for a masked-LM export of roberta (FacebookAI/roberta-large's model.onnx): nodes
 * named by module as torch ≥ 1.13 names them (`/roberta/encoder/layer.k/…`), `layers` layers
 *
 *   h0 = E[input_ids] · mask;  h(k+1) = tanh(h(k)·W(k) + h(k))
 *
 * and the logits of a head on the last layer as its only output, so the graph edit that exposes
 * hidden_states[n] (lib/models/onnx-layer-output.ts) has a real graph to work on.
 */
export function buildTinyLayeredEncoder(options: {
  vocabSize: number;
  hidden: number;
  layers: number;
  seed: number;
}): TinyLayeredEncoder {
  const { vocabSize, hidden, layers, seed } = options;
  const embeddings = seededWeights(vocabSize * hidden, seed, 1);
  const weights = Array.from({ length: layers }, (_, k) => seededWeights(hidden * hidden, seed + 1 + k, 0.5));
  const head = seededWeights(hidden * vocabSize, seed + layers + 1, 0.5);
  const initializers: OnnxTensor[] = [
    { name: 'roberta.embeddings.word_embeddings.weight', dims: [vocabSize, hidden], type: OnnxType.FLOAT, values: embeddings },
    ...weights.map((values, k): OnnxTensor => ({
      name: `roberta.encoder.layer.${k}.dense.weight`,
      dims: [hidden, hidden],
      type: OnnxType.FLOAT,
      values,
    })),
    { name: 'lm_head.weight', dims: [hidden, vocabSize], type: OnnxType.FLOAT, values: head },
    { name: 'axis_2', dims: [1], type: OnnxType.INT64, values: [2] },
  ];
  const nodes: OnnxNode[] = [
    {
      name: '/roberta/embeddings/word_embeddings/Gather',
      op: 'Gather',
      inputs: ['roberta.embeddings.word_embeddings.weight', 'input_ids'],
      outputs: ['/roberta/embeddings/word_embeddings/Gather_output_0'],
    },
    {
      name: '/roberta/Cast',
      op: 'Cast',
      inputs: ['attention_mask'],
      outputs: ['/roberta/Cast_output_0'],
      ints: { to: OnnxType.FLOAT },
    },
    {
      name: '/roberta/Unsqueeze',
      op: 'Unsqueeze',
      inputs: ['/roberta/Cast_output_0', 'axis_2'],
      outputs: ['/roberta/Unsqueeze_output_0'],
    },
    {
      name: '/roberta/embeddings/Mul',
      op: 'Mul',
      inputs: ['/roberta/embeddings/word_embeddings/Gather_output_0', '/roberta/Unsqueeze_output_0'],
      outputs: ['/roberta/embeddings/Mul_output_0'],
    },
  ];
  let h = '/roberta/embeddings/Mul_output_0';
  for (let k = 0; k < layers; k += 1) {
    const scope = `/roberta/encoder/layer.${k}`;
    nodes.push(
      {
        name: `${scope}/dense/MatMul`,
        op: 'MatMul',
        inputs: [h, `roberta.encoder.layer.${k}.dense.weight`],
        outputs: [`${scope}/dense/MatMul_output_0`],
      },
      { name: `${scope}/Add`, op: 'Add', inputs: [`${scope}/dense/MatMul_output_0`, h], outputs: [`${scope}/Add_output_0`] },
      { name: `${scope}/output/Tanh`, op: 'Tanh', inputs: [`${scope}/Add_output_0`], outputs: [`${scope}/output/Tanh_output_0`] },
    );
    h = `${scope}/output/Tanh_output_0`;
  }
  nodes.push({ name: '/lm_head/MatMul', op: 'MatMul', inputs: [h, 'lm_head.weight'], outputs: ['logits'] });
  const model = encodeOnnxModel({
    name: 'tiny-roberta-mlm',
    opset: 13,
    nodes,
    initializers,
    inputs: [
      { name: 'input_ids', type: OnnxType.INT64, shape: ['batch_size', 'sequence_length'] },
      { name: 'attention_mask', type: OnnxType.INT64, shape: ['batch_size', 'sequence_length'] },
    ],
    outputs: [{ name: 'logits', type: OnnxType.FLOAT, shape: ['batch_size', 'sequence_length', vocabSize] }],
  });
  const hiddenStates = (ids: readonly number[]) => {
    const f = Math.fround;
    const states = [ids.map((id) => embeddings.slice(id * hidden, (id + 1) * hidden).map(f))];
    for (let k = 0; k < layers; k += 1) {
      states.push(
        states[k]!.map((row) =>
          row.map((x, j) => Math.tanh(row.reduce((sum, r, i) => sum + r * weights[k]![i * hidden + j]!, 0) + x)),
        ),
      );
    }
    return states;
  };
  return { model, hiddenStates };
}

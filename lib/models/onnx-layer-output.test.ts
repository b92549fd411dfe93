/**
 * The graph edit of `paralens models pull bertscore` on a tiny real ONNX model laid out like the
 * published roberta masked-LM export (module-scoped node names, logits as the only output): the
 * edited file loads in ONNX Runtime, its only output is hidden_states[n], and its values are the
 * chosen layer's (computed in JavaScript from the same weights), not the last layer's.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyLayeredEncoder, buildTinyEncoder } from './testing/tiny-encoder';
import { exposeHiddenLayer, findHiddenStateTensor, layerOfNode } from './onnx-layer-output';

let dir: string;
const tiny = buildTinyLayeredEncoder({ vocabSize: 30, hidden: 6, layers: 5, seed: 3 });
const ids = [0, 7, 12, 29, 2];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-onnx-layer-'));
  await writeFile(path.join(dir, 'mlm.onnx'), tiny.model);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function run(file: string) {
  const session = await ort.InferenceSession.create(file);
  const dims = [1, ids.length];
  const feeds = {
    input_ids: new ort.Tensor('int64', BigInt64Array.from(ids.map(BigInt)), dims),
    attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), dims),
  };
  const result = await session.run(feeds);
  const names = [...session.outputNames];
  await session.release();
  return { names, result };
}

describe('exposeHiddenLayer', () => {
  it('makes hidden_states[n] the only output; ONNX Runtime loads the copy and gives that layer’s values', async () => {
    for (const layer of [3, 1]) {
      const edited = path.join(dir, `layer-${layer}.onnx`);
      const result = await exposeHiddenLayer(path.join(dir, 'mlm.onnx'), edited, { layer });
      expect(result).toEqual({
        tensor: `/roberta/encoder/layer.${layer - 1}/output/Tanh_output_0`,
        replaced: ['logits'],
        layers: 5,
      });
      const { names, result: out } = await run(edited);
      expect(names).toEqual([result.tensor]);
      const tensor = out[result.tensor]!;
      expect(tensor.dims).toEqual([1, ids.length, 6]);
      const expected = tiny.hiddenStates(ids)[layer]!.flat();
      const last = tiny.hiddenStates(ids)[5]!.flat();
      const got = Array.from(tensor.data as Float32Array);
      got.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 5));
      expect(got.some((v, i) => Math.abs(v - last[i]!) > 1e-3)).toBe(true);
    }
    // the original still answers with the head's logits
    const original = await run(path.join(dir, 'mlm.onnx'));
    expect(original.names).toEqual(['logits']);
    expect(original.result.logits!.dims).toEqual([1, ids.length, 30]);
    // the copy holds every byte of the weights: only the output list changed
    expect(Math.abs((await stat(path.join(dir, 'layer-3.onnx'))).size - tiny.model.length)).toBeLessThan(200);
  });

  it('says why when the graph has no module-scoped names or not that many layers, and writes nothing', async () => {
    await writeFile(path.join(dir, 'plain.onnx'), buildTinyEncoder({ vocabSize: 10, hidden: 4, seed: 1 }));
    await expect(exposeHiddenLayer(path.join(dir, 'plain.onnx'), path.join(dir, 'out.onnx'), { layer: 17 })).rejects.toThrow(
      /not named by module .* layer 17's hidden state cannot be found/,
    );
    await expect(exposeHiddenLayer(path.join(dir, 'mlm.onnx'), path.join(dir, 'out.onnx'), { layer: 17 })).rejects.toThrow(
      'no tensor passes from layer.16 to layer.17 among its 5 named layers',
    );
    await expect(stat(path.join(dir, 'out.onnx'))).rejects.toThrow();
    await writeFile(path.join(dir, 'text.onnx'), 'not a model at all');
    await expect(exposeHiddenLayer(path.join(dir, 'text.onnx'), path.join(dir, 'out.onnx'), { layer: 2 })).rejects.toThrow(
      /not (an|a complete) ONNX model/,
    );
    expect((await readFile(path.join(dir, 'mlm.onnx'))).equals(Buffer.from(tiny.model))).toBe(true);
  });
});

describe('finding the layer', () => {
  it('reads the module index from scoped node names (torch ≥ 1.13) or dotted output names', () => {
    expect(layerOfNode({ name: '/roberta/encoder/layer.16/output/LayerNorm/Add_1', inputs: [], outputs: [] })).toBe(16);
    expect(layerOfNode({ name: 'Add_1234', inputs: [], outputs: ['roberta.encoder.layer.3.output'] })).toBe(3);
    expect(layerOfNode({ name: '/roberta/embeddings/Add', inputs: [], outputs: ['x'] })).toBeNull();
    expect(layerOfNode({ name: '/player.2/Add', inputs: [], outputs: [] })).toBeNull();
  });

  it('picks the tensor read most by the next layer (the hidden state beside, e.g., a shape)', () => {
    const nodes = [
      { name: '/enc/layer.0/out/LayerNorm', inputs: ['x'], outputs: ['h1'] },
      { name: '/enc/layer.0/out/Shape', inputs: ['x'], outputs: ['s'] },
      { name: '/enc/layer.1/q/MatMul', inputs: ['h1', 'wq'], outputs: ['q'] },
      { name: '/enc/layer.1/k/MatMul', inputs: ['h1', 'wk'], outputs: ['k'] },
      { name: '/enc/layer.1/Reshape', inputs: ['q', 's'], outputs: ['r'] },
    ];
    expect(findHiddenStateTensor(nodes, 1)).toBe('h1');
    expect(findHiddenStateTensor(nodes, 2)).toBeNull();
  });
});

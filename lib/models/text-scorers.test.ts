/**
 * The four scorers on the tiny models the test builds itself (real ONNX graphs run by
 * onnxruntime-node, real tokenizer.json files, a real .vec file): loading, tokenisation,
 * batching, pooling, matching and transport, plus the failure cases of a model folder.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '@/lib/measures/pooling';
import { buildWordBag, computeWms, tokenizeForWms } from '@/lib/measures/word-movers';
import { encodeOnnxModel, OnnxType } from '@/lib/models/testing/onnx-writer';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { closeScorers, collectWmsVocabulary, openScorers, type TextScorer } from '@/lib/models/text-scorers';
import { loadWordVectors } from '@/lib/models/word-vectors';

const texts = [
  'An Easter postcard from 1907 depicting a rabbit.',
  'A 1907 postcard featuring the Easter Bunny.',
  'Troops clearing rubble after the May air raid on Belfast.',
  'Soldiers clearing rubble after the May air raid on Belfast.',
  'Zyzzyva qwertz.',
  '',
];

let dir: string;
let scorers: Record<string, TextScorer>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-scorers-'));
  await writeTinyModelFolder(path.join(dir, 'models'));
  const opened = await openScorers(['st', 'bertscore', 'wms', 'wordnet'], path.join(dir, 'models'));
  expect(opened.unavailable).toEqual([]);
  scorers = Object.fromEntries(opened.scorers.map((s) => [s.measure, s]));
}, 60_000); // parsing WordNet and loading three models: slow on a busy machine
afterAll(async () => {
  await closeScorers(Object.values(scorers ?? {}));
  await rm(dir, { recursive: true, force: true });
});

async function scoreAll(scorer: TextScorer): Promise<number[][]> {
  const reps = await scorer.prepare(texts);
  return reps.map((a) => reps.map((b) => scorer.score(a, b)));
}

describe.each(['st', 'bertscore', 'wms', 'wordnet'])('%s scorer on the tiny models', (measure) => {
  it('scores every pair in [0, 1], never NaN, and a text with itself highest', async () => {
    const matrix = await scoreAll(scorers[measure]!);
    for (const row of matrix) for (const v of row) expect(v >= 0 && v <= 1).toBe(true);
    expect(matrix[0]![0]).toBeCloseTo(1, 5);
    expect(matrix[2]![3]).toBeGreaterThan(matrix[2]![0]!); // Belfast pair closer than Belfast vs Easter
  });

  it('gives the same representation for a text alone and inside a padded batch', async () => {
    const scorer = scorers[measure]!;
    const [alone] = await scorer.prepare([texts[1]!]);
    const batch = await scorer.prepare(texts);
    expect(scorer.score(alone, batch[0])).toBeCloseTo(scorer.score(batch[1], batch[0]), 5);
  });
});

describe('scorer details', () => {
  it('BERTScore of an empty text is 0, as bert_score sets it, even against itself', async () => {
    const bertscore = scorers.bertscore!;
    const [empty, easter] = await bertscore.prepare(['  ', texts[0]!]);
    expect(bertscore.score(empty, empty)).toBe(0);
    expect(bertscore.score(empty, easter)).toBe(0);
  });

  it('ST is the clipped cosine of mean-pooled embeddings', async () => {
    const st = scorers.st as TextScorer<Float32Array>;
    const [a, b] = await st.prepare([texts[0]!, texts[1]!]);
    expect(a!.length).toBe(32);
    expect(st.score(a!, b!)).toBeCloseTo(Math.max(0, cosineSimilarity(a!, b!)), 12);
  });

  it('WMS uses the vector file: unknown words only → 0, as the paper', async () => {
    const wms = scorers.wms!;
    const [unknown, easter, empty] = await wms.prepare(['Zyzzyva qwertz.', texts[0]!, '']);
    expect(wms.score(unknown, easter)).toBe(0);
    expect(wms.score(empty, empty)).toBe(0);
    const vectors = await loadWordVectors(path.join(dir, 'models', 'wms', 'tiny-vectors.vec'));
    const direct = computeWms(buildWordBag(tokenizeForWms(texts[0]!), vectors), buildWordBag(tokenizeForWms(texts[1]!), vectors));
    const [a, b] = await wms.prepare([texts[0]!, texts[1]!]);
    expect(wms.score(a, b)).toBe(direct);
  });

  it('WMS can load only the vectors the texts need', async () => {
    const vocabulary = collectWmsVocabulary(texts);
    expect(vocabulary.has('postcard')).toBe(true);
    expect(vocabulary.has('the')).toBe(false);
    const opened = await openScorers(['wms'], path.join(dir, 'models'), { wmsVocabulary: () => Promise.resolve(vocabulary) });
    const [a, b] = await opened.scorers[0]!.prepare([texts[0]!, texts[1]!]);
    const [c, d] = await scorers.wms!.prepare([texts[0]!, texts[1]!]);
    expect(opened.scorers[0]!.score(a, b)).toBe(scorers.wms!.score(c, d));
  });
});

describe('model folder problems', () => {
  it('leaves out a measure whose files are missing, naming them, and opens the others', async () => {
    const partial = path.join(dir, 'partial');
    await writeTinyModelFolder(partial, { models: ['wms'] });
    const opened = await openScorers(['st', 'wms', 'wordnet'], partial);
    expect(opened.scorers.map((s) => s.measure)).toEqual(['wms', 'wordnet']);
    expect(opened.unavailable).toHaveLength(1);
    expect(opened.unavailable[0]!.message).toContain(
      `onnx/model.onnx, tokenizer.json, tokenizer_config.json, 1_Pooling/config.json missing in ${path.join(partial, 'st')}`,
    );
    await closeScorers(opened.scorers);
  });

  it('fails clearly on a corrupt ONNX file, a broken tokenizer and a malformed vector file', async () => {
    const broken = path.join(dir, 'broken');
    await writeTinyModelFolder(broken);
    await writeFile(path.join(broken, 'st', 'onnx', 'model.onnx'), 'not a model');
    await expect(openScorers(['st'], broken)).rejects.toThrow(
      `ST model (${path.join(broken, 'st')}): ${path.join(broken, 'st', 'onnx', 'model.onnx')} is not a usable ONNX model`,
    );
    await writeFile(path.join(broken, 'bertscore', 'tokenizer.json'), '{"model": ');
    await expect(openScorers(['bertscore'], broken)).rejects.toThrow(/tokenizer\.json is not valid JSON/);
    await writeFile(path.join(broken, 'wms', 'tiny-vectors.vec'), '2 16\npostcard 1 2\n');
    await expect(openScorers(['wms'], broken)).rejects.toThrow(/tiny-vectors\.vec line 2: expected 16 numbers, found 2/);
  });

  it('refuses a sentence-transformers model with a Dense module', async () => {
    const dense = path.join(dir, 'dense');
    await writeTinyModelFolder(dense, { models: ['st'] });
    await writeFile(
      path.join(dense, 'st', 'modules.json'),
      JSON.stringify([{ type: 'sentence_transformers.models.Transformer' }, { type: 'sentence_transformers.models.Dense' }]),
    );
    await expect(openScorers(['st'], dense)).rejects.toThrow(/modules\.json lists sentence_transformers\.models\.Dense/);
  });

  it('refuses an ONNX graph that is not a text encoder', async () => {
    const odd = path.join(dir, 'odd');
    await writeTinyModelFolder(odd, { models: ['bertscore'] });
    const pixels = encodeOnnxModel({
      name: 'x',
      opset: 13,
      nodes: [{ op: 'Relu', inputs: ['pixel_values'], outputs: ['y'] }],
      initializers: [],
      inputs: [{ name: 'pixel_values', type: OnnxType.FLOAT, shape: [1, 3] }],
      outputs: [{ name: 'y', type: OnnxType.FLOAT, shape: [1, 3] }],
    });
    await writeFile(path.join(odd, 'bertscore', 'model.onnx'), pixels);
    await expect(openScorers(['bertscore'], odd)).rejects.toThrow(
      /has inputs \[pixel_values\]; an encoder export with input_ids and attention_mask/,
    );
    await copyFile(path.join(dir, 'models', 'bertscore', 'model.onnx'), path.join(odd, 'bertscore', 'model.onnx'));
    const opened = await openScorers(['bertscore'], odd);
    expect(opened.scorers).toHaveLength(1);
    await closeScorers(opened.scorers);
  });
});

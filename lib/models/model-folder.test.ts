/** What `paralens models` and scoring jobs learn from a model folder: found, missing, ambiguous. */
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeMissing, inspectModel, inspectModelFolder } from '@/lib/models/model-folder';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-models-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('inspectModelFolder', () => {
  it('finds nothing in an empty folder and says which files go where', () => {
    const statuses = inspectModelFolder(path.join(dir, 'absent'));
    expect(statuses.map((s) => [s.measure, s.ready])).toEqual([
      ['st', false],
      ['bertscore', false],
      ['wms', false],
    ]);
    const message = describeMissing(statuses[0]!);
    expect(message).toContain('onnx/model.onnx, tokenizer.json, tokenizer_config.json, 1_Pooling/config.json missing');
    expect(message).toContain(path.join(dir, 'absent', 'st'));
    expect(message).toContain('paraphrase-mpnet-base-v2');
    expect(describeMissing(statuses[2]!)).toContain('<name>.vec or <name>.txt missing');
  });

  it('finds the tiny models, optional files included, and reports a missing file by name', async () => {
    const root = path.join(dir, 'tiny');
    await writeTinyModelFolder(root);
    for (const status of inspectModelFolder(root)) expect(status.ready).toBe(true);
    const st = inspectModel(root, 'st');
    expect(st.files.find((f) => f.label === 'onnx/model.onnx')?.found).toBe(path.join(root, 'st', 'onnx', 'model.onnx'));
    expect(st.files.find((f) => f.label === 'sentence_bert_config.json')?.bytes).toBeGreaterThan(0);
    // bertscore keeps model.onnx at the top of its folder: the second candidate
    expect(inspectModel(root, 'bertscore').files[0]?.found).toBe(path.join(root, 'bertscore', 'model.onnx'));

    await unlink(path.join(root, 'st', 'tokenizer.json'));
    const broken = inspectModel(root, 'st');
    expect(broken.ready).toBe(false);
    expect(describeMissing(broken)).toContain(': tokenizer.json missing in');
  });

  it('refuses to guess between two vector files', async () => {
    const root = path.join(dir, 'two-vectors');
    await writeTinyModelFolder(root, { models: ['wms'] });
    await writeFile(path.join(root, 'wms', 'glove.txt'), 'a 1 2\n');
    const wms = inspectModel(root, 'wms');
    expect(wms.ready).toBe(false);
    expect(describeMissing(wms)).toContain('several candidates (glove.txt, tiny-vectors.vec): keep one');
  });
});

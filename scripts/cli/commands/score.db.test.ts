/** paralens score and paralens models on the tiny models (PARALENS_MODELS), with DATABASE_URL. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runInMemory } from '../memory-io';
import { run as models } from './models';
import { run as score } from './score';

let dir: string;
const previous = process.env.PARALENS_MODELS;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-cli-score-'));
  await writeTinyModelFolder(path.join(dir, 'models'), { models: ['st', 'wms'] });
  process.env.PARALENS_MODELS = path.join(dir, 'models');
});
afterAll(async () => {
  if (previous === undefined) delete process.env.PARALENS_MODELS;
  else process.env.PARALENS_MODELS = previous;
  await rm(dir, { recursive: true, force: true });
});

describe('paralens score', () => {
  it('fills the measures whose models are there and names the missing files of the others', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, [
      { a: 'A rabbit on a 1907 postcard.', b: 'An Easter postcard with a rabbit.' },
      { a: 'Troops clearing rubble.', b: 'Soldiers clearing rubble.' },
    ]);
    const out = await runInMemory(score, ['--corpus', corpus.slug]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Scoring job #');
    expect(out.stdout).toMatch(/measures\s+wms, st, wordnet/);
    expect(out.stdout).toMatch(/pairs scored\s+2 \(of 2/);
    expect(out.stdout).toContain(
      `left out bertscore: BERTScore F1 (bertscore) is not available: onnx/model.onnx, tokenizer.json, tokenizer_config.json missing in ${path.join(dir, 'models', 'bertscore')}`,
    );
    const pairs = await db.pair.findMany({ where: { corpusId: corpus.id } });
    for (const p of pairs) expect([p.st, p.wms, p.wordnet].every((v) => v !== null && v >= 0 && v <= 1)).toBe(true);

    // asked for explicitly but missing: exit 1; nothing left to do for the others
    const again = await runInMemory(score, ['--corpus', corpus.name, '--measures', 'bertscore']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Nothing to compute');
  }, 120_000); // loads WordNet and three models: over a minute on this machine when it is busy

  it('checks its arguments', async () => {
    expect((await runInMemory(score, [])).code).toBe(2);
    expect((await runInMemory(score, ['--corpus', 'x', '--measures', 'bleu'])).stderr).toContain('unknown measure bleu');
    expect((await runInMemory(score, ['--corpus', 'x', '--batch', '0'])).code).toBe(2);
    const missing = await runInMemory(score, ['--corpus', `no-such-corpus-${Date.now()}`]);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('no corpus')]);
  });
});

describe('paralens models', () => {
  it('lists found and missing files per measure and checks the models load', async () => {
    const out = await runInMemory(models, ['--check']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`Model folder: ${path.join(dir, 'models')} (PARALENS_MODELS)`);
    expect(out.stdout).toMatch(/st\s+Sentence-Transformer cosine: ready \(works: the check pair scores 0\.\d{3}\)/);
    expect(out.stdout).toMatch(/bertscore\s+BERTScore F1: not available/);
    expect(out.stdout).toMatch(/✗ tokenizer\.json\s+missing: the tokenizer/);
    expect(out.stdout).toContain('wordnet    WordNet similarity: ready (WordNet 3.1');
    const json = JSON.parse((await runInMemory(models, ['--json'])).stdout) as {
      models: Array<{ measure: string; ready: boolean }>;
    };
    expect(json.models.map((m) => [m.measure, m.ready])).toEqual([
      ['st', true],
      ['bertscore', false],
      ['wms', true],
    ]);
  });
});

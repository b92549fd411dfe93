import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ipcLine } from '@/lib/import/test-support';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { makeCorpus } from '@/prisma/factories/corpora';
import { computePairKey, computeTextKey } from '@/lib/pair-rows/content-keys';
import { runImport, type RunImportOptions } from './run-import';
import { getScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { setCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-import-'));
let fileCounter = 0;

function writeFile(name: string, lines: string[]): string {
  fileCounter += 1;
  const file = path.join(dir, `${fileCounter}-${name}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function importInto(corpusId: number, file: string, extra: Partial<RunImportOptions> = {}) {
  return runImport({ db: database(), filePath: file, corpusId, ...extra });
}

async function countRows(corpusId: number) {
  const db = getDb();
  const [pairs, texts] = await Promise.all([db.pair.count({ where: { corpusId } }), db.text.count({ where: { corpusId } })]);
  return { pairs, texts };
}

describe('runImport (Wikipedia-IPC pairs)', () => {
  const lines = [
    ipcLine(
      1,
      'Easter_postcard.jpg',
      'An Easter postcard from 1907 depicting a rabbit.',
      'A 1907 postcard featuring the Easter Bunny.',
      {
        wms: 0.76,
        'bert-score-f1': 0.76,
        'sentence-transformer-cos-sim': 0.9,
      },
    ),
    ipcLine(
      2,
      'Belfast_blitz.jpg',
      'Troops clearing rubble after the May air raid on Belfast.',
      'Soldiers clearing rubble after the May air raid on Belfast.',
    ),
    // the same two captions in the other order, under another image: one pair, counted as a duplicate
    ipcLine(3, 'Other.jpg', 'A 1907 postcard featuring the Easter Bunny.', 'An Easter postcard from 1907 depicting a rabbit.'),
  ];

  it('stores pairs, texts and images with every measure, and counts duplicates', async () => {
    const corpus = await makeCorpus(getDb());
    const report = await importInto(corpus.id, writeFile('wikipedia-ipc-gold.jsonl', lines));
    expect(report).toMatchObject({
      status: 'SUCCEEDED',
      format: 'wikipedia-ipc',
      tier: 'gold',
      recordsRead: 3,
      imported: 2,
      duplicates: 1,
      rejected: 0,
    });
    expect(await countRows(corpus.id)).toEqual({ pairs: 2, texts: 4 });

    const easter = await getDb().pair.findFirstOrThrow({
      where: { corpusId: corpus.id, originalId: '1' },
      include: { textA: true, image: true },
    });
    // EACL 2023 Table 5, pair A: R1 0.53, RL 0.13, BLEU 0.14, syn 0.27, sem 0.81, delta 0.54
    expect(easter.rouge1).toBeCloseTo(0.53, 2);
    expect(easter.rougeL).toBeCloseTo(0.13, 2);
    expect(easter.bleu).toBeCloseTo(0.14, 2);
    expect(easter.syn).toBeCloseTo(0.27, 2);
    expect(easter.sem).toBeCloseTo(0.81, 2);
    expect(easter.delta).toBeCloseTo(0.54, 2);
    expect(easter.semParts).toEqual(['wms', 'bertscore', 'st']);
    expect(easter.lengthA).toBe(8);
    expect(easter.lengthB).toBe(7);
    expect(easter.image?.key).toBe('File:Easter_postcard.jpg');
    expect(easter.textA).toMatchObject({ type: 'CAPTION', sourceTitle: 'Easter Bunny' });

    // PostgreSQL computed the keys; they agree with the TypeScript definitions (lib/pair-rows/content-keys.ts).
    const textB = await getDb().text.findUniqueOrThrow({ where: { id: easter.textBId } });
    expect(easter.pairKey).toBe(computePairKey(easter.textA.content, textB.content));
    expect(easter.textA.contentKey).toBe(
      computeTextKey('CAPTION', 'File:Easter_postcard.jpg', easter.textA.sourcePage, easter.textA.content),
    );

    const belfast = await getDb().pair.findFirstOrThrow({ where: { corpusId: corpus.id, originalId: '2' } });
    expect(belfast.sem).toBeNull();
    expect(belfast.delta).toBeNull();
    expect(belfast.semParts).toEqual([]);

    const job = await getDb().importJob.findUniqueOrThrow({ where: { id: report.jobId } });
    expect(job).toMatchObject({ status: 'SUCCEEDED', imported: 2, duplicates: 1, recordsRead: 3 });
  });

  it('re-importing the same file is a no-op reported as unchanged', async () => {
    const corpus = await makeCorpus(getDb());
    const file = writeFile('pairs.jsonl', lines);
    await importInto(corpus.id, file, { format: 'wikipedia-ipc' });
    const again = await importInto(corpus.id, file, { format: 'wikipedia-ipc' });
    expect(again.status).toBe('UNCHANGED');
    expect(again.message).toMatch(/already imported/);
    expect(await countRows(corpus.id)).toEqual({ pairs: 2, texts: 4 });
  });

  it('a different file with only known pairs adds nothing and leaves no stray texts', async () => {
    const corpus = await makeCorpus(getDb());
    await importInto(corpus.id, writeFile('a.jsonl', lines), { format: 'wikipedia-ipc' });
    const onlyKnown = [
      ipcLine(9, 'Third.jpg', 'A 1907 postcard featuring the Easter Bunny.', 'An Easter postcard from 1907 depicting a rabbit.'),
    ];
    const report = await importInto(corpus.id, writeFile('b.jsonl', onlyKnown), { format: 'wikipedia-ipc' });
    expect(report).toMatchObject({ status: 'UNCHANGED', imported: 0, duplicates: 1 });
    expect(await countRows(corpus.id)).toEqual({ pairs: 2, texts: 4 });
  });
});

describe('runImport across chunks', () => {
  it('finds duplicate pairs and shared texts that lie chunks apart (in either order)', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const header = 'id\tsentence1\tsentence2\tlabel';
    const rows: string[] = [];
    // 3 chunks' worth (CHUNK_PAIRS = 5,000); sentence i and i+1 share a text; every pair appears again
    // 5,001 rows later with its sentences swapped.
    for (let i = 0; i < 6_000; i += 1)
      rows.push(`${i}\tSentence number ${i} about cats .\tSentence number ${i + 1} about cats .\t1`);
    for (let i = 0; i < 1_000; i += 1)
      rows.push(`d${i}\tSentence number ${i + 1} about cats .\tSentence number ${i} about cats .\t1`);
    const report = await importInto(corpus.id, writeFile('dev.tsv', [header, ...rows]), { format: 'paws' });
    expect(report).toMatchObject({ status: 'SUCCEEDED', recordsRead: 7_000, imported: 6_000, duplicates: 1_000 });
    expect(await countRows(corpus.id)).toEqual({ pairs: 6_000, texts: 6_001 });
    const ids = await db.pair.findMany({ where: { corpusId: corpus.id }, orderBy: { id: 'asc' }, select: { originalId: true } });
    expect(ids.slice(0, 3).map((p) => p.originalId)).toEqual(['0', '1', '2']);
    expect(ids.at(-1)?.originalId).toBe('5999');
  });
});

describe('runImport with bad input', () => {
  const good = (i: number) => `${i}\tA sentence number ${i} about cats .\tSentence ${i} is about cats .\t1`;
  const header = 'id\tsentence1\tsentence2\tlabel';

  it('all-or-nothing: one malformed line fails the import with its line number and writes nothing', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const imagesBefore = await db.image.count();
    const file = writeFile('dev.tsv', [header, good(1), good(2), '3\tonly two fields', good(4), '5\t\tempty first\t0']);
    const report = await importInto(corpus.id, file, { format: 'paws' });
    expect(report.status).toBe('FAILED');
    expect(report.errorCount).toBe(2);
    expect(report.errors[0]).toMatch(/^line 4: /);
    expect(report.errors[1]).toMatch(/^line 6: /);
    expect(report.message).toMatch(/2 invalid records: nothing was imported/);
    expect(await countRows(corpus.id)).toEqual({ pairs: 0, texts: 0 });
    expect(await db.image.count()).toBe(imagesBefore);
    const job = await db.importJob.findUniqueOrThrow({ where: { id: report.jobId } });
    expect(job.status).toBe('FAILED');
    expect(job.errors).toEqual([
      { line: 4, message: expect.any(String) as string },
      { line: 6, message: expect.any(String) as string },
    ]);
  });

  it('skip-invalid imports the valid records and writes the rejected ones with their errors', async () => {
    const corpus = await makeCorpus(getDb());
    const rejectsPath = path.join(dir, 'rejects.jsonl');
    const file = writeFile('dev.tsv', [header, good(1), '2\tbroken', good(3)]);
    const report = await importInto(corpus.id, file, { format: 'paws', skipInvalid: true, rejectsPath });
    expect(report).toMatchObject({ status: 'SUCCEEDED', recordsRead: 3, imported: 2, rejected: 1, rejectsPath });
    const rejects = readFileSync(rejectsPath, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number; raw: string; error: string });
    expect(rejects).toEqual([{ line: 3, raw: '2\tbroken', error: expect.any(String) as string }]);
    expect((await countRows(corpus.id)).pairs).toBe(2);
  });

  it('a failure while writing rolls everything back (images and texts included); the user sees a reference, the log the cause', async () => {
    const db = getDb();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const corpus = await makeCorpus(db);
    const imagesBefore = await db.image.count();
    // Images and texts are inserted before the pairs; a pair the database refuses must undo them.
    // (A CHECK constraint, not a trigger: the import may run with triggers disabled.)
    await db.$executeRawUnsafe(
      `ALTER TABLE "Pair" ADD CONSTRAINT refused_by_test CHECK ("originalId" IS DISTINCT FROM 'explode') NOT VALID`,
    );
    try {
      const file = writeFile('x.jsonl', [
        ipcLine(1, `Rollback_${Date.now()}.jpg`, 'First caption of a picture here.', 'Second caption of that picture.'),
        ipcLine(2, 'Boom.jpg', 'Another caption of a picture.', 'Yet another caption of it.').replace(
          '"id":2,',
          '"id":"explode",',
        ),
      ]);
      const report = await importInto(corpus.id, file, { format: 'wikipedia-ipc' });
      expect(report.status).toBe('FAILED');
      expect(report.message).toMatch(
        /^An internal error stopped the import, and nothing was imported \(reference E-[0-9a-f]{8};/,
      );
      expect(report.message).not.toMatch(/refused_by_test|Pair|at |\//);
      const reference = /E-[0-9a-f]{8}/.exec(report.message ?? '')?.[0];
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(new RegExp(`^\\[${reference}\\] import of .*x\\.jsonl:$`)),
        expect.objectContaining({ message: expect.stringContaining('refused_by_test') as string }),
      );
      expect(await db.image.count()).toBe(imagesBefore);
      expect(await countRows(corpus.id)).toEqual({ pairs: 0, texts: 0 });
      expect((await db.importJob.findUniqueOrThrow({ where: { id: report.jobId } })).status).toBe('FAILED');
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "Pair" DROP CONSTRAINT refused_by_test');
      logged.mockRestore();
    }
  });

  it('an error that stops the reading fails the import even with skip-invalid', async () => {
    const corpus = await makeCorpus(getDb());
    // A JSON document (MultiPIT-NMR shape) broken in the middle: nothing after it can be read.
    // (The comma between the two members is missing.)
    const file = writeFile('test_new.json', [
      '{"A source sentence here.": ["A reference one.", "A reference two."]',
      '"Another source": ["x", "y"]}',
    ]);
    const report = await importInto(corpus.id, file, {
      format: 'multipit-nmr',
      skipInvalid: true,
      rejectsPath: path.join(dir, 'fatal.rejects.jsonl'),
    });
    expect(report.status).toBe('FAILED');
    expect(report.message).toMatch(/could not be read/);
    expect(report.errors[0]).toMatch(/^line 2: /);
    expect((await countRows(corpus.id)).pairs).toBe(0);
  });

  it('an undetectable file fails with a clear message', async () => {
    const corpus = await makeCorpus(getDb());
    const report = await importInto(corpus.id, writeFile('notes.bin', ['\u0001\u0002 what is this']));
    expect(report.status).toBe('FAILED');
    expect(report.message).toBeTruthy();
    expect((await countRows(corpus.id)).pairs).toBe(0);
  });

  it('queues the WordNet scoring job after writing pairs, and follows the corpus’s semantic set', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    await setCorpusSemMeasures(db, corpus.id, ['st', 'wordnet']);
    const report = await importInto(
      corpus.id,
      writeFile('sims.jsonl', [
        ipcLine(1, 'x.jpg', 'A rabbit on a postcard.', 'A postcard with a rabbit.', {
          wms: 0.7,
          'sentence-transformer-cos-sim': 0.9,
        }),
      ]),
    );
    expect(report.status).toBe('SUCCEEDED');
    const job = await getScoringJob(db, report.scoringJobId!);
    expect([job?.corpusId, job?.status, job?.measures]).toEqual([corpus.id, 'QUEUED', ['wordnet']]);
    const pair = await db.pair.findFirstOrThrow({ where: { corpusId: corpus.id } });
    expect([pair.sem, pair.semParts]).toEqual([0.9, ['st']]); // WMS is not in the set
    // and the explorer's indexes of the corpus, built after the commit (docs/decisions/006)
    expect(await db.indexJob.findMany({ where: { corpusId: corpus.id }, select: { status: true } })).toEqual([
      { status: 'QUEUED' },
    ]);
    const quiet = await makeCorpus(db);
    const none = await importInto(
      quiet.id,
      writeFile('q.jsonl', [ipcLine(2, 'y.jpg', 'One caption here.', 'Another caption here.')]),
      { followUpScoring: false },
    );
    expect(none.scoringJobId).toBeNull();
    expect(await db.scoringJob.count({ where: { corpusId: quiet.id } })).toBe(0);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ipcLine } from '@/lib/import/test-support';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { makeCorpus } from '@/prisma/factories/corpora';
import { closeComputeWorkers } from '@/lib/runtime/compute-workers';
import { runImport } from './run-import';

afterAll(() => closeComputeWorkers());

const file = (lines: string[]) => {
  const name = path.join(mkdtempSync(path.join(tmpdir(), 'paralens-import-')), 'wikipedia-ipc-silver.jsonl');
  writeFileSync(name, `${lines.join('\n')}\n`);
  return name;
};

describe('runImport: text measures on worker threads', () => {
  // 56 pairs (two repeated, in either order), on 9 images, with and without semantic scores
  const words = ['bridge', 'river', 'station', 'postcard', 'rabbit', 'Belfast', 'rubble', 'train', 'harbour', 'tower'];
  const caption = (i: number, shift: number) =>
    `A ${words[(i + shift) % 10]} near the ${words[(i * 3 + shift) % 10]} in ${1850 + (i % 7)}, ${'seen '.repeat(i % 4)}from the ${words[(i * 7) % 10]}.`;
  const lines = Array.from({ length: 56 }, (_, k) => {
    const i = k === 20 ? 3 : k; // line 21 repeats line 4
    // line 41: line 6 the other way round
    const [a, b] = k === 40 ? [caption(5, 2), caption(5, 0)] : [caption(i, 0), caption(i, 2)];
    return ipcLine(
      k + 1,
      `Image_${k % 9}.jpg`,
      a,
      b,
      k % 3 === 0 ? { wms: 0.5 + k / 200, 'sentence-transformer-cos-sim': 0.9 } : {},
    );
  });

  async function storedRows(corpusId: number) {
    return getDb().$queryRaw<Array<{ row: Record<string, unknown> }>>`
      SELECT to_jsonb(p) - 'id' - 'corpusId' - 'textAId' - 'textBId' - 'imageId' - 'importJobId' - 'createdAt'
        || jsonb_build_object('a', ta."content", 'b', tb."content", 'image', i."key") AS row
      FROM "Pair" p JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"
      LEFT JOIN "Image" i ON i."id" = p."imageId"
      WHERE p."corpusId" = ${corpusId} ORDER BY p."id"`;
  }

  it('stores every pair exactly as measuring them on the importing thread does, in file order', async () => {
    const filePath = file(lines);
    const reference = await makeCorpus(getDb());
    const here = await runImport({ db: database(), filePath, corpusId: reference.id, measureBatch: 0, followUpScoring: false });
    expect(here).toMatchObject({ status: 'SUCCEEDED', imported: 54, duplicates: 2 });
    const expected = await storedRows(reference.id);
    expect(expected).toHaveLength(54);
    // batches of 25 and a last one of 6 measured here; batches of 10 and a last one of 6 measured on a worker
    for (const measureBatch of [25, 10]) {
      const corpus = await makeCorpus(getDb());
      const report = await runImport({ db: database(), filePath, corpusId: corpus.id, measureBatch, followUpScoring: false });
      expect(report).toMatchObject({ status: 'SUCCEEDED', imported: 54, duplicates: 2 });
      expect(await storedRows(corpus.id)).toEqual(expected);
    }
  });
});

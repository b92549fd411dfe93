/**
 * Every pair-bearing file of the shared reference corpora (../shared/datasets) imports end to end
 * with its published row count, and a broken copy fails with its line number and writes nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { DATASET_FILES, DATASETS } from '@/lib/import/dataset-files';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { makeCorpus } from '@/prisma/factories/corpora';
import { runImport } from './run-import';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-datasets-'));

describeWithDatasets('importing the reference corpora', () => {
  it.each(DATASET_FILES.map((f) => [f.path, f] as const))('%s imports with its published row count', async (_path, file) => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const report = await runImport({
      db: database(),
      filePath: DATASETS + file.path,
      corpusId: corpus.id,
      format: file.format,
      ...(file.map ? { map: file.map } : {}),
    });
    expect(report.errors).toEqual([]);
    expect([report.status, report.message]).toEqual(['SUCCEEDED', null]);
    expect(report.recordsRead).toBe(file.records);
    expect(report.imported + report.duplicates).toBe(file.records);
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(report.imported);
  });

  it.each(DATASET_FILES.filter((f) => f.corrupt === 'fields').map((f) => [f.path, f] as const))(
    'a broken copy of %s fails on the broken line and writes nothing',
    async (_path, file) => {
      const db = getDb();
      const lines = readFileSync(DATASETS + file.path, 'utf8').split('\n');
      const middle = Math.floor(lines.length / 2);
      // Skip blank lines (the Twitter URL file has some); the parser reports 1-based line numbers.
      let target = middle;
      while (lines[target]!.trim() === '') target += 1;
      lines[target] = 'broken\tline\twith three fields';
      const copy = path.join(dir, path.basename(file.path));
      writeFileSync(copy, lines.join('\n'));
      const corpus = await makeCorpus(db);
      const report = await runImport({
        db: database(),
        filePath: copy,
        corpusId: corpus.id,
        format: file.format,
      });
      expect(report.status).toBe('FAILED');
      expect(report.errors[0]).toMatch(new RegExp(`^line ${target + 1}: `));
      expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
      expect(await db.text.count({ where: { corpusId: corpus.id } })).toBe(0);
    },
  );
});

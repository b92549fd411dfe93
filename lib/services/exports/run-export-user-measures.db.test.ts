/**
 * User measures in exports: a round trip export → a model's scores by `pair_id` → import-scores →
 * export again, in CSV, JSON Lines and a Hugging Face folder (column, values, dataset card), for a
 * corpus, a campaign and an explorer view sorted by the measure.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { resolveCampaignSource, resolveCorpusSource, type ExportSource } from '@/lib/db/exports/export-sources';
import { resolveViewSource } from '@/lib/db/exports/export-view-source';
import { getSqlPool } from '@/lib/db/sql-pool';
import { importScores } from '@/lib/db/corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import type { ExportFormatName } from '@/lib/export/export-options';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { runExport } from './run-export';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-export-scores-'));
const pool = getSqlPool();
afterAll(() => pool.end());
let n = 0;

async function exportTo(source: ExportSource, format: ExportFormatName) {
  n += 1;
  const outPath = path.join(dir, `${n}.${format}`);
  const result = await runExport({
    db: database(),
    source,
    format,
    parts: ['texts', 'measures'],
    outPath,
  });
  expect(result.status).toBe('SUCCEEDED');
  return outPath;
}

const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('exports with user measures', () => {
  it('a model scores an export by pair_id, its scores come back as a column of every export of the corpus', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 5 }, (_, i) => ({ a: `Export scores ${i} first text`, b: `Export scores ${i} second text` })),
    );
    const before = jsonl(await exportTo((await resolveCorpusSource(db, corpus.slug))!, 'jsonl'));
    expect(before[0]).not.toHaveProperty('para');
    // the "model": a score per exported pair, one pair left unscored
    const scores = before.slice(0, 4).map((row, i) => `${String(row.pair_id)},${i / 4}`);
    const outcome = await importScores(pool, {
      slug: corpus.slug,
      map: 'id=pair_id',
      measures: 'para=score',
      rows: readAnnotationRowsFrom(Readable.from([Buffer.from(`pair_id,score\n${scores.join('\n')}\n`)]), 'csv'),
      source: 'model.csv',
      userId: null,
    });
    expect(outcome.ok).toBe(true);

    const after = jsonl(await exportTo((await resolveCorpusSource(db, corpus.slug))!, 'jsonl'));
    expect(after.map((r) => r.para)).toEqual([0, 0.25, 0.5, 0.75, null]);
    const csv = readFileSync(await exportTo((await resolveCorpusSource(db, corpus.slug))!, 'csv'), 'utf8').split('\n');
    const header = csv[0]!.split(',');
    expect(header.at(-1)).toBe('para');
    expect(csv[2]!.split(',').at(-1)).toBe('0.25');
    const hf = await exportTo((await resolveCorpusSource(db, corpus.slug))!, 'hf');
    expect(readFileSync(path.join(hf, 'README.md'), 'utf8')).toMatch(/para.*a measure users imported for the corpus/);

    const campaign = await makeCampaign(db, { corpora: [corpus.slug], sample: { strategy: 'all' } });
    const fromCampaign = jsonl(await exportTo((await resolveCampaignSource(db, campaign.slug))!, 'jsonl'));
    expect(fromCampaign.map((r) => r.para).sort()).toEqual([0, 0.25, 0.5, 0.75, null].sort());

    const view = jsonl(
      await exportTo(await resolveViewSource(db, pool, `corpus=${corpus.slug}&sort=-u.para&max.u.para=0.6`), 'jsonl'),
    );
    expect(view.map((r) => r.para)).toEqual([0.5, 0.25, 0]);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipcLine } from '@/lib/import/test-support';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { resolveCampaignSource, resolveCorpusSource } from '@/lib/db/exports/export-sources';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { measureKeys } from '@/lib/measures/catalog';
import { refreshCampaignFinalLabels } from '@/lib/db/annotations/final-labels';
import { createSqlPool } from '@/lib/db/sql-pool';
import { runImport } from '@/lib/services/imports/run-import';
import { runExport } from './run-export';
import type { ExportFormatName, ExportPart } from '@/lib/export/export-options';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-export-'));
const url = () => process.env.DATABASE_URL!;
let n = 0;

async function importLines(corpusId: number, name: string, lines: string[]) {
  n += 1;
  const file = path.join(dir, `${n}-${name}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const report = await runImport({ db: database(), filePath: file, corpusId });
  expect(report.status).toBe('SUCCEEDED');
  return report;
}

async function exportTo(
  source: NonNullable<Awaited<ReturnType<typeof resolveCorpusSource>>>,
  format: ExportFormatName,
  parts: ExportPart[],
) {
  n += 1;
  const outPath = path.join(dir, `${n}-out.${format}`);
  const result = await runExport({ db: database(), source, format, parts, outPath });
  return { result, outPath };
}

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function storedPairs(corpusId: number) {
  return getDb().pair.findMany({ where: { corpusId }, orderBy: { id: 'asc' }, include: { textA: true, textB: true } });
}

describe('runExport', () => {
  const lines = [
    ipcLine(
      1,
      'Easter_postcard.jpg',
      'An Easter postcard from 1907 depicting a rabbit.',
      'A 1907 postcard featuring the Easter Bunny.',
      { wms: 0.76, 'bert-score-f1': 0.76, 'sentence-transformer-cos-sim': 0.9 },
    ),
    ipcLine(2, 'Belfast_blitz.jpg', '=HYPERLINK("http://evil")', '-2+3 "quoted", and a comma\nwith a line break'),
    ipcLine(3, 'Other.jpg', 'Zebras at a water hole.', 'Two zebras drinking at a water hole.', { st: 0.81 }),
  ];

  it('a JSONL export imports back with the same texts, order and measures (round trip)', async () => {
    const corpus = await makeCorpus(getDb());
    await importLines(corpus.id, 'wikipedia-ipc-gold.jsonl', lines);
    const source = (await resolveCorpusSource(getDb(), corpus.slug))!;
    const { result, outPath } = await exportTo(source, 'jsonl', ['texts', 'measures']);
    expect(result).toMatchObject({ status: 'SUCCEEDED', rows: 3 });
    const rows = readJsonl(outPath);
    expect(rows.map((r) => r.a)).toEqual([
      'An Easter postcard from 1907 depicting a rabbit.',
      '=HYPERLINK("http://evil")',
      'Zebras at a water hole.',
    ]);
    expect(rows[0]).toMatchObject({
      corpus: corpus.slug,
      original_id: '1',
      type_a: 'caption',
      wms: 0.76,
      bertscore: 0.76,
      st: 0.9,
    });

    const copy = await makeCorpus(getDb());
    const back = await importLines(copy.id, 'export.jsonl', readFileSync(outPath, 'utf8').trimEnd().split('\n'));
    expect(back).toMatchObject({ format: 'paralens-jsonl', imported: 3 });
    const [before, after] = [await storedPairs(corpus.id), await storedPairs(copy.id)];
    expect(
      after.map((p) => [p.textA.content, p.textB.content, p.textA.type, p.textA.sourcePage, p.originalId, p.clusterId]),
    ).toEqual(before.map((p) => [p.textA.content, p.textB.content, p.textA.type, p.textA.sourcePage, p.originalId, p.clusterId]));
    for (const key of measureKeys)
      expect(
        after.map((p) => p[key]),
        key,
      ).toEqual(before.map((p) => p[key]));
    expect(after.map((p) => p.semParts)).toEqual(before.map((p) => p.semParts));
  });

  it('CSV: quoted text cells, formula cells neutralised, numbers (also negative ones) left as numbers', async () => {
    const corpus = await makeCorpus(getDb());
    await importLines(corpus.id, 'wikipedia-ipc-gold.jsonl', lines);
    await getDb().pair.updateMany({ where: { corpusId: corpus.id }, data: { delta: -0.25 } });
    const source = (await resolveCorpusSource(getDb(), corpus.slug))!;
    const { outPath } = await exportTo(source, 'csv', ['texts', 'measures']);
    const text = readFileSync(outPath, 'utf8');
    const header = text.slice(0, text.indexOf('\n')).split(',');
    expect(header.slice(0, 6)).toEqual(['pair_id', 'corpus', 'original_id', 'cluster_id', 'a', 'b']);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")","'-2+3 ""quoted"", and a comma\nwith a line break"`);
    expect(text).toContain(',-0.25,');
    expect(text).not.toMatch(/[,\n]"[=+\-@]/);
  });

  it('campaign exports: pseudonymous raw answers, median, majority with ties, final labels with their method and median rule, agreement', async () => {
    const db = getDb();
    const campaign = await makeCampaign(db, { pairs: 4, questions: ['semantic', 'relation', 'rationale'] });
    const items = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { position: 'asc' } });
    const [ann1, ann2, ann3] = await Promise.all([makeUser(db), makeUser(db), makeUser(db)]);
    await db.campaignMember.createMany({
      data: [ann1, ann2, ann3].map((u, i) => ({ campaignId: campaign.id, userId: u.id, excluded: i === 2 })),
    });
    const answer = (pairId: number, userId: number, answers: object) =>
      db.annotation.create({
        data: {
          campaignId: campaign.id,
          pairId,
          annotatorId: userId,
          submissionId: `export-${pairId}-${userId}-${Math.random()}`,
          answers,
        },
      });
    const first = items[0]!.pairId;
    await answer(first, ann1.id, { semantic: 1, relation: 'EQUIVALENT', rationale: '=cmd' });
    await answer(first, ann2.id, { semantic: 4, relation: 'FORWARD' });
    await answer(first, ann3.id, { semantic: 4, relation: 'FORWARD' }); // excluded: not counted
    const second = items[1]!.pairId;
    await answer(second, ann1.id, { semantic: 3, relation: 'FORWARD' });
    await answer(second, ann2.id, { semantic: 3, relation: 'FORWARD' });
    const fourth = items[3]!.pairId;
    await answer(fourth, ann1.id, { semantic: 2, relation: 'FORWARD' });
    await answer(fourth, ann2.id, { semantic: 1, relation: 'FORWARD' });
    const pool = createSqlPool(url(), 1);
    await refreshCampaignFinalLabels(pool, campaign.id).finally(() => pool.end());

    const source = (await resolveCampaignSource(db, campaign.slug))!;
    const { outPath } = await exportTo(source, 'jsonl', ['texts', 'raw', 'aggregated', 'agreement']);
    const rows = readJsonl(outPath);
    expect(rows.map((r) => r.pair_id)).toEqual(items.map((i) => i.pairId));
    const [r1, r2, r3, r4] = rows;
    expect(r1).toMatchObject({
      semantic_n: 2,
      semantic_median: 1,
      semantic_spread: 3,
      semantic_unanimous: false,
      relation_majority: null,
      relation_tie: true,
      relation_final: null,
    });
    expect(r1).toMatchObject({
      semantic_final: null,
      semantic_final_method: 'spread',
      relation_final_method: 'tie',
      semantic_final_median_rule: null,
    });
    expect(r2).toMatchObject({
      semantic_median: 3,
      semantic_unanimous: true,
      relation_majority: 'FORWARD',
      relation_tie: false,
      relation_final: 'FORWARD',
      relation_final_method: 'unanimous',
    });
    expect(r3).toMatchObject({
      semantic_n: 0,
      semantic_median: null,
      semantic_unanimous: null,
      annotations: null,
      semantic_final_method: null,
    });
    // the worked example: answers 2 and 1 are the lower median, not a majority
    expect(r4).toMatchObject({
      semantic_final: 1,
      semantic_final_method: 'median',
      semantic_final_median_rule: 'lower',
      relation_final_method: 'unanimous',
      relation_final_median_rule: null,
    });
    const raw = r1!.annotations as Array<{ annotator: string; excluded: boolean }>;
    expect(raw).toHaveLength(3);
    expect(raw.every((a) => /^ann-[a-z2-7]{6}$/.test(a.annotator))).toBe(true);
    expect(raw.filter((a) => a.excluded)).toHaveLength(1);
    expect(readFileSync(outPath, 'utf8')).not.toContain('@example.test');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import type { FunnelRow } from '@/lib/mining/funnel';
import type { RunMiningOptions } from './run-mining';
import { mineInTest } from '@/lib/jobs/mining/testing/mine-in-test';
import { referenceFixture } from '@/lib/jobs/mining/testing/reference-fixture';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-mine-reduce-'));
const file = path.join(dir, 'references.tsv');
writeFileSync(file, referenceFixture());

const mine = (extra: Partial<RunMiningOptions>) => mineInTest({ referencesPath: file, mode: 'paper', workers: 1, ...extra });

const counts = (rows: FunnelRow[]) =>
  rows.map((r) => [r.images, r.imagesRefs2, r.imagesRefs5, r.references, r.captions, r.pairs]);

describe('the SQL reduce (--from-references)', { timeout: 120_000 }, () => {
  it('gives the hand-counted Table 3 funnel for the gold tier and imports the one surviving pair', async () => {
    const report = await mine({});
    expect(report.status, report.message ?? '').toBe('SUCCEEDED');
    // [images, ≥2, ≥5, references, captions, pairs], counted by hand from reference-fixture.ts
    expect(counts(report.funnel)).toEqual([
      [8, 7, 1, 25, 26, 63], // 0 no filter: A3 B2 C1 D11 E2 F2 G2 H2; pairs 3+1 (A) + 55 (D) + 4
      [7, 7, 1, 24, 25, 63], // 1 refs ≥ 2: C goes
      [6, 6, 0, 13, 14, 8], // 2 refs ≤ 10: D goes
      [6, 5, 0, 12, 13, 6], // 3 has caption: B's empty reference goes; A3 keeps its alt
      [5, 5, 0, 11, 12, 6], // 4 words ≥ 6: B goes
      [5, 4, 0, 10, 10, 4], // 5 sentence: A2's alt and H2 go
      [4, 4, 0, 9, 9, 4], // 6 refs ≥ 2: H goes
      [3, 3, 0, 6, 6, 3], // 7 unique: F's pair repeats E's
      [2, 2, 0, 4, 4, 2], // 8 divergent: E's captions differ only in case
      [1, 1, 0, 2, 2, 1], // 9 significant: G's differ only in punctuation and a parenthesis
    ]);
    expect(report.funnel[2]!.meanRefs).toBeCloseTo(13 / 6, 10);
    expect(report.publish?.report).toMatchObject({ status: 'SUCCEEDED', imported: 1 });
    const pair = await getDb().pair.findFirstOrThrow({
      where: { corpusId: report.publish!.corpus!.id },
      include: { textA: true, textB: true, image: true },
    });
    expect([pair.textA.content, pair.textB.content].sort()).toEqual([
      'Alpha one is a sentence here.',
      'Alpha two is a sentence here.',
    ]);
    expect(pair.image?.key).toBe('File:A.jpg');
    expect([pair.textA.sourceTitle, pair.textB.sourceTitle].sort()).toEqual(['Page 1', 'Page 2']);
    expect(pair.rouge1).not.toBeNull();
    const run = await getDb().miningRun.findUniqueOrThrow({ where: { id: report.runId! } });
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      phase: 'done',
      corpusId: report.publish!.corpus!.id,
      source: 'references',
      chunksDone: 1,
    });
    // the staging tables are gone
    const tables = await getDb().$queryRawUnsafe<unknown[]>(
      `SELECT 1 FROM pg_tables WHERE tablename LIKE 'mining_%_${report.runId}'`,
    );
    expect(tables).toHaveLength(0);
  });

  it('silver: a verb is enough (row 5), so the alt pair of A and the pair of H survive too', async () => {
    const report = await mine({ tier: 'silver' });
    expect(report.funnel[5]).toMatchObject({ name: 'Caption has verb', images: 5, references: 11, captions: 12, pairs: 6 });
    expect(report.funnel[9]!.pairs).toBe(3);
    expect(report.publish?.report?.imported).toBe(3);
  });

  it('--max-refs and --min-refs move rows 1 and 2', async () => {
    const report = await mine({ maxRefs: 11, minRefs: 3 });
    expect(counts(report.funnel).slice(1, 3)).toEqual([
      [2, 2, 1, 14, 16, 59], // A and D
      [2, 2, 1, 14, 16, 59],
    ]);
  });

  it('a bad line in a references file fails with its line number, and nothing is published', async () => {
    const bad = path.join(dir, 'bad.tsv');
    const lines = referenceFixture().split('\n');
    const fields = lines[2]!.split('\t');
    fields[4] = 'six';
    lines[2] = fields.join('\t');
    writeFileSync(bad, lines.join('\n'));
    const before = await getDb().corpus.count();
    const report = await mine({ referencesPath: bad });
    expect(report.status).toBe('FAILED');
    expect(report.message).toMatch(/bad\.tsv line 3: caption: word count "six" is not a number/);
    expect(report.resumable).toBe(false);
    expect(await getDb().corpus.count()).toBe(before);
  });
});

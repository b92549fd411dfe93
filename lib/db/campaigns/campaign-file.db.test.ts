/**
 * importCampaignFile on a file's text, as POST /api/v1/campaigns/{id}/gold/file runs it: the same
 * answers as `paralens gold` (scripts/cli/commands/gold.db.test.ts), with the row errors as the
 * API's `error.fields`.
 */
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { readAnnotationRowsFrom, type AnnotationFileFormat } from '@/lib/import/annotation-rows';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { importCampaignFile, rowErrorFields } from './campaign-file';
import { goldFile } from '../imports/gold-import';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

async function setup() {
  const corpus = await makeCorpus(db);
  const stamp = Date.now();
  const specs = Array.from({ length: 4 }, (_, i) => ({
    a: `Gold upload ${stamp} pair ${i}: first.`,
    b: `Gold upload ${stamp} pair ${i}: second.`,
    originalId: `u${i}`,
  }));
  const ids = await makePairs(db, corpus.id, specs);
  const campaign = await makeCampaign(db, {
    corpora: [corpus.slug],
    sample: { strategy: 'random', size: 1, seed: 5 },
    members: [],
    overlap: 1,
  });
  return { campaign, ids };
}

const rowsOf = (text: string, format: AnnotationFileFormat = 'csv') =>
  readAnnotationRowsFrom(Readable.from([Buffer.from(text, 'utf8')]), format);
const goldPairs = (campaignId: number) =>
  db.campaignItem.findMany({ where: { campaignId, isGold: true }, select: { pairId: true }, orderBy: { pairId: 'asc' } });

describe('importCampaignFile (gold, from a file’s text)', () => {
  it('marks every row, or writes nothing and names each bad line', async () => {
    const { campaign, ids } = await setup();
    const map = 'pair=pair,semantic=score,relation=rel,explanation=why';
    const values = ['relation:E=equivalence'];
    const bad = await importCampaignFile(pool, goldFile, {
      slug: campaign.slug,
      map,
      values,
      rows: rowsOf(
        [
          'pair,score,rel,why',
          'u0,4,E,Same meaning.',
          'nope,3,E,No such pair.',
          'u1,9,E,Off the scale.',
          '"u2,3,E,Unclosed quote.',
        ].join('\n'),
      ),
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.problem).toBe('rows');
    expect(rowErrorFields(bad)).toMatchObject({ 'line 4': 'answers.semantic must be an integer from 0 to 4, not 9' });
    expect(Object.keys(rowErrorFields(bad))).toContain('line 5');
    expect(await goldPairs(campaign.id)).toEqual([]);

    const good = await importCampaignFile(pool, goldFile, {
      slug: campaign.slug,
      map,
      values,
      rows: rowsOf(
        '{"pair":"u0","score":4,"rel":"E","why":"Same meaning."}\n{"pair":"u3","score":"1","rel":"E","why":"Hardly related."}\n',
        'jsonl',
      ),
    });
    expect(good).toMatchObject({ ok: true, counts: { marked: 2 } });
    if (good.ok) expect(good.summary).toMatch(/^Marked 2 gold pairs/);
    expect((await goldPairs(campaign.id)).map((p) => p.pairId)).toEqual([ids[0], ids[3]].sort((a, b) => a! - b!));
  });

  it('a column map or value translation that does not fit the campaign, and an empty file', async () => {
    const { campaign } = await setup();
    const rows = () => rowsOf('pair,score\nu0,4\n');
    const wrongMap = await importCampaignFile(pool, goldFile, {
      slug: campaign.slug,
      map: 'pair=pair,colour=score',
      values: [],
      rows: rows(),
    });
    expect(wrongMap).toMatchObject({ ok: false, problem: 'map' });
    if (!wrongMap.ok) expect(rowErrorFields(wrongMap)).toEqual({ map: wrongMap.message });
    const wrongValues = await importCampaignFile(pool, goldFile, {
      slug: campaign.slug,
      map: 'pair=pair,semantic=score,explanation=score',
      values: ['colour:a=b'],
      rows: rows(),
    });
    expect(wrongValues).toMatchObject({ ok: false, problem: 'values' });
    const empty = await importCampaignFile(pool, goldFile, {
      slug: campaign.slug,
      map: 'pair=pair,semantic=score,explanation=score',
      values: [],
      rows: rowsOf('pair,score\n'),
    });
    expect(empty).toMatchObject({ ok: false, problem: 'empty', message: 'the file has no rows' });
    expect(
      await importCampaignFile(pool, goldFile, { slug: 'no-such-campaign', map: 'pair=pair', values: [], rows: rows() }),
    ).toMatchObject({ ok: false, problem: 'no-campaign' });
  });
});

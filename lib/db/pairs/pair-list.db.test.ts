/**
 * The SQL of pair views against a plain JavaScript reference over the same rows: every filter, both
 * text-search strategies, sorts in both directions with missing values, keyset pages that neither
 * repeat nor skip rows while pairs are imported between pages, counts and the export stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { decodePairCursor } from '@/lib/explore/pair-cursor';
import { makeCorpus, makePairs, type PairSpec } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { mapBinOf } from '@/lib/sampling/strata';
import {
  countPairs,
  findNeighbourPairs,
  listPairPage,
  listViewPage,
  sortValueOf,
  streamPairRows,
  type PairListRow,
} from './pair-list';
import type { ListOptions } from './pair-plans';
import { getSqlPool } from '../sql-pool';

const db = getDb();
const pool = getSqlPool();
const slugs: string[] = [];
let all: PairListRow[] = [];
let campaignSlug = '';
const annotatedIds: number[] = [];
const adjudicatedIds: number[] = [];
const equivalenceIds: number[] = [];

const SPECIAL = ["50% off_the \\ 'quote' (a|b).* [x]", 'plain words about a bridge', 'Another BRIDGE at night'];

function spec(corpus: number, i: number): PairSpec {
  const bleu = i % 6 === 0 ? undefined : ((i * 37) % 100) / 100;
  const syn = [0, 0.2, 0.39999, 0.4, 0.61, 0.8, 1][i % 7]!;
  const sem = ((i * 53) % 101) / 100;
  return {
    a: `${SPECIAL[i % 5] ?? 'corpus'} ${corpus} pair ${i} first ${'w '.repeat(i % 9)}`.trim(),
    b: `second text ${i} of ${corpus}${i % 7 === 3 ? ' bridge' : ''}`,
    referenceLabel: i % 4 === 0 ? 'yes' : 'no',
    measures: { ...(bleu === undefined ? {} : { bleu }), syn, sem, delta: sem - syn, st: i % 10 === 0 ? 0.5 : sem },
  };
}

async function pageThrough(filter: PairFilter, options: ListOptions = {}): Promise<number[]> {
  const ids: number[] = [];
  let f = filter;
  for (let guard = 0; guard < 200; guard++) {
    const page = await listPairPage(pool, f, options);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return ids;
    // through the URL, as the explorer and API clients do
    const next = parsePairFilter(new URLSearchParams({ ...Object.fromEntries(pairFilterToParams(f)), cursor: page.nextCursor }));
    if (!next.ok) throw new Error(JSON.stringify(next.errors));
    f = next.filter;
  }
  throw new Error('did not end');
}

function filterOf(query: string): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=${slugs.join(',')}&limit=7&${query}`));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filter;
}

/** The JavaScript reference: filter, then nulls last, value, id in the sort's direction. */
function reference(filter: PairFilter, keep: (r: PairListRow) => boolean): number[] {
  const { key, desc } = filter.sort;
  const value = (r: PairListRow) => (key === 'id' ? r.id : sortValueOf(r, key));
  return all
    .filter(keep)
    .sort((x, y) => {
      const [vx, vy] = [value(x), value(y)];
      if ((vx === null) !== (vy === null)) return vx === null ? 1 : -1;
      const byValue = vx === null || vy === null ? 0 : vx - vy;
      return (desc ? -1 : 1) * (byValue !== 0 ? byValue : x.id - y.id);
    })
    .map((r) => r.id);
}

async function expectSame(query: string, keep: (r: PairListRow) => boolean, options: ListOptions = {}) {
  const filter = filterOf(query);
  const expected = reference(filter, keep);
  expect(await pageThrough(filter, options), query).toEqual(expected);
  expect(await countPairs(pool, filter, options), `count ${query}`).toBe(expected.length);
}

beforeAll(async () => {
  for (const [n, size] of [
    [1, 45],
    [2, 30],
  ] as const) {
    const corpus = await makeCorpus(db, { tier: n === 1 ? 'GOLD' : 'SILVER' });
    slugs.push(corpus.slug);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: size }, (_, i) => spec(n, i)),
    );
  }
  const campaign = await makeCampaign(db, { corpora: [slugs[1]!] });
  campaignSlug = campaign.slug;
  const annotator = await makeUser(db, { role: 'ANNOTATOR' });
  const items = await db.campaignItem.findMany({
    where: { campaignId: campaign.id },
    orderBy: { pairId: 'asc' },
    select: { pairId: true },
  });
  for (const [i, item] of items.slice(0, 12).entries()) {
    await db.annotation.create({
      data: {
        campaignId: campaign.id,
        pairId: item.pairId,
        annotatorId: annotator.id,
        submissionId: `s-${campaign.id}-${i}`,
        answers: { semantic: 3 },
      },
    });
    annotatedIds.push(item.pairId);
    const relation = i % 2 === 0 ? 'equivalence' : 'forward';
    if (relation === 'equivalence') equivalenceIds.push(item.pairId);
    await db.finalLabel.create({
      data: {
        campaignId: campaign.id,
        pairId: item.pairId,
        question: 'relation',
        value: relation,
        method: i < 4 ? 'ADJUDICATED' : 'UNANIMOUS',
        n: 1,
      },
    });
    if (i < 4) adjudicatedIds.push(item.pairId);
  }
  const first = await listPairPage(pool, filterOf('limit=1000'));
  all = first.rows;
});

afterAll(async () => {
  await pool.end();
});

describe('pair views in SQL', () => {
  it('lists every pair of the corpora once, in id order by default', async () => {
    expect(all).toHaveLength(75);
    await expectSame('', () => true);
    expect(all[0]).toMatchObject({ corpus: slugs[0], typeA: 'SENTENCE', referenceLabel: 'yes' });
    expect(all[0]!.a).toContain('pair 0 first');
  });

  it.each(['bleu', '-bleu', 'st', '-st', 'delta', '-id'])('sorts by %s with missing values last, across pages', async (sort) => {
    await expectSame(`sort=${sort}`, () => true);
  });

  it('filters measure ranges, length and reference labels', async () => {
    await expectSame('min.bleu=0.3&max.bleu=0.7&sort=-bleu', (r) => r.bleu !== null && r.bleu >= 0.3 && r.bleu <= 0.7);
    await expectSame('max.delta=0&sort=st', (r) => r.delta !== null && r.delta <= 0);
    await expectSame(
      'min.length=5&max.length=9',
      (r) => Math.min(r.lengthA, r.lengthB) >= 5 && Math.max(r.lengthA, r.lengthB) <= 9,
    );
    await expectSame('label=yes&sort=-sem', (r) => r.referenceLabel === 'yes');
  });

  it('filters characteristic-map cells exactly as lib/sampling bins them (1.0 in the top bin)', async () => {
    for (const cell of ['2,0', '4,3', '0,1']) {
      const [syn, sem] = cell.split(',').map(Number);
      await expectSame(
        `cell=${cell}&sort=syn`,
        (r) => r.syn !== null && r.sem !== null && mapBinOf(r.syn) === syn && mapBinOf(r.sem) === sem,
      );
    }
  });

  it.each([{ textIdLimit: 0 }, { textIdLimit: 1000 }])(
    'searches either text as plain text, case-insensitively (%o)',
    async (options) => {
      const has = (needle: string) => (r: PairListRow) =>
        r.a.toLowerCase().includes(needle.toLowerCase()) || r.b.toLowerCase().includes(needle.toLowerCase());
      for (const q of ['bridge', "% off_the \\ 'quote' (a|b).* [x]", '_', '%', '.*', "'", 'nothing like this']) {
        await expectSame(`q=${encodeURIComponent(q)}&sort=-bleu`, has(q), options);
      }
      await expectSame('q=bridge&type=SENTENCE', has('bridge'), options);
      await expectSame('type=CAPTION', () => false, options);
    },
  );

  it('filters tiers, campaigns, annotation states and final labels', async () => {
    const inB = (r: PairListRow) => r.corpus === slugs[1];
    await expectSame('tier=SILVER', inB);
    await expectSame(`campaign=${campaignSlug}&sort=-sem`, inB);
    await expectSame(`campaign=${campaignSlug}&state=unannotated`, (r) => inB(r) && !annotatedIds.includes(r.id));
    await expectSame('state=annotated', (r) => annotatedIds.includes(r.id));
    await expectSame('state=adjudicated&sort=-id', (r) => adjudicatedIds.includes(r.id));
    await expectSame('relation=equivalence', (r) => equivalenceIds.includes(r.id));
    await expectSame(`final.relation=equivalence,forward&campaign=${campaignSlug}`, (r) => annotatedIds.includes(r.id));
  });

  it('answers unknown corpora and campaigns with 400s', async () => {
    await expect(listPairPage(pool, filterOf('corpus=no-such-corpus'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { corpus: 'names no corpus: no-such-corpus' } },
    });
    await expect(listPairPage(pool, filterOf('campaign=no-such-campaign'))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('keeps keyset pages exact while pairs are imported between them', async () => {
    const filter = filterOf('sort=-st&limit=10');
    const first = await listPairPage(pool, filter);
    const corpus = await db.corpus.findUniqueOrThrow({ where: { slug: slugs[0]! } });
    const added = await makePairs(db, corpus.id, [
      { a: 'late one', b: 'late two', measures: { st: 0.999 } },
      { a: 'late three', b: 'late four', measures: { st: 0.0001 } },
    ]);
    const rest = await pageThrough(filterOf(`sort=-st&limit=10&cursor=${first.nextCursor!}`));
    const seen = [...first.rows.map((r) => r.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    // The high one sorts before the cursor (not shown again), the low one after it (shown).
    expect(seen).not.toContain(added[0]);
    expect(seen).toContain(added[1]);
    expect(seen.filter((id) => !added.includes(id))).toEqual(reference(filter, () => true));
    all = (await listPairPage(pool, filterOf('limit=1000'))).rows;
  });

  it.each(['-bleu', 'st', 'id'])(
    "pages backward as exactly as forward, and knows each pair's neighbours (sort %s)",
    async (sort) => {
      const filter = filterOf(`sort=${sort}&min.sem=0.1`);
      const expected = reference(filter, (r) => r.sem !== null && r.sem >= 0.1);
      // Forward to the last page, then back to the first through prevCursor.
      let page = await listViewPage(pool, filter, false);
      const pages = [page.rows.map((r) => r.id)];
      while (page.nextCursor) {
        page = await listViewPage(pool, { ...filter, cursor: decodePairCursor(page.nextCursor) }, false);
        pages.push(page.rows.map((r) => r.id));
      }
      expect(pages.flat()).toEqual(expected);
      const back: number[][] = [];
      while (page.prevCursor) {
        page = await listViewPage(pool, { ...filter, cursor: decodePairCursor(page.prevCursor) }, true);
        back.unshift(page.rows.map((r) => r.id));
      }
      expect(back.flat()).toEqual(expected.slice(0, back.flat().length));
      expect(back[0]).toEqual(pages[0]);
      for (const [i, id] of expected.entries()) {
        expect(await findNeighbourPairs(pool, filter, id)).toEqual({
          prev: expected[i - 1] ?? null,
          next: expected[i + 1] ?? null,
        });
      }
    },
  );

  it('streams every selected row in order, batch by batch, in one snapshot', async () => {
    const filter = filterOf('sort=-bleu&min.sem=0.2');
    const streamed: number[] = [];
    for await (const batch of streamPairRows(pool, filter, 4)) {
      expect(batch.length).toBeLessThanOrEqual(4);
      streamed.push(...batch.map((r) => r.id));
    }
    expect(streamed).toEqual(reference(filter, (r) => r.sem !== null && r.sem >= 0.2));
  });
});

/**
 * The page plans (docs/decisions/009) against a plain `ORDER BY … ` over the same rows: for every
 * slow shape of explorer pages (a range sorted by another measure, two ranges, a text search and a map
 * cell sorted by a measure, each with a tier, type or annotation-state filter) every page forward
 * and back holds exactly the rows of the plain query, whichever plan is forced, and when a walk's
 * budget sends pages to another plan; the count beside a page of each shape is exact below the
 * exact-count limit and a marked estimate above it; a range's estimate from the statistics is the
 * planner's. Which plan the estimates choose, without a database: pair-plans.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { decodePairCursor } from '@/lib/explore/pair-cursor';
import { makeCorpus, makePairs, type PairSpec } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { countPairsForPage, listViewPage, planPage, resolvePairFilter } from './pair-list';
import { estimateRanges, rangesPlan, type ListOptions } from './pair-plans';
import { getSqlPool } from '../sql-pool';
import { pairMatchesSql, pairPageSql } from './pair-query';

const db = getDb();
const pool = getSqlPool();
const slugs: string[] = [];
const corpusIds: number[] = [];

function spec(corpus: number, i: number): PairSpec {
  // Values repeat (ties broken by id) and some are missing (they come last both ways).
  const bleu = i % 5 === 0 ? undefined : ((i * 37) % 20) / 20;
  const rouge1 = ((i * 11) % 17) / 17;
  const syn = ((i * 7) % 10) / 10;
  const sem = i % 9 === 0 ? undefined : ((i * 53) % 101) / 100;
  return {
    a: `${i % 3 === 0 ? 'a bridge' : 'a road'} ${corpus}-${i}`,
    b: `text ${i} of ${corpus}${i % 4 === 1 ? ' near the river' : ''}`,
    measures: {
      ...(bleu === undefined ? {} : { bleu }),
      rouge1,
      syn,
      ...(sem === undefined ? {} : { sem }),
      st: ((i * 13) % 7) / 7,
    },
  };
}

beforeAll(async () => {
  for (const [n, tier] of [
    [1, 'GOLD'],
    [2, 'SILVER'],
  ] as const) {
    const corpus = await makeCorpus(db, { tier });
    slugs.push(corpus.slug);
    corpusIds.push(corpus.id);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 60 }, (_, i) => spec(n, i)),
    );
  }
  // Captions among the first corpus's texts (type filters), the rest sentences.
  await db.text.updateMany({
    where: { corpusId: corpusIds[0]!, content: { startsWith: 'a bridge' } },
    data: { type: 'CAPTION' },
  });
  // Annotations on every third pair of the second corpus (state filters).
  const campaign = await makeCampaign(db, { corpora: [slugs[1]!] });
  const annotator = await makeUser(db, { role: 'ANNOTATOR' });
  const items = await db.campaignItem.findMany({
    where: { campaignId: campaign.id },
    orderBy: { pairId: 'asc' },
    select: { pairId: true },
  });
  for (const [i, item] of items.entries()) {
    if (i % 3 !== 0) continue;
    await db.annotation.create({
      data: {
        campaignId: campaign.id,
        pairId: item.pairId,
        annotatorId: annotator.id,
        submissionId: `plans-${campaign.id}-${i}`,
        answers: { semantic: 3 },
      },
    });
  }
});

afterAll(async () => {
  await pool.end();
});

function filterOf(query: string): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=${slugs.join(',')}&limit=4&${query}`));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filter;
}

/** The plain query: every match, nulls last, value then id in the sort's direction. */
async function plainOrder(where: string, sort: string): Promise<number[]> {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const dir = desc ? 'DESC' : 'ASC';
  const order = key === 'id' ? `p."id" ${dir}` : `(p."${key}" IS NULL), p."${key}" ${dir}, p."id" ${dir}`;
  const result = await pool.query<{ id: number }>(
    `SELECT p."id" FROM "Pair" p JOIN "Corpus" c ON c."id" = p."corpusId" WHERE p."corpusId" = ANY($1::int[]) AND (${where}) ORDER BY ${order}`,
    [corpusIds],
  );
  return result.rows.map((r) => r.id);
}

/** Every page forward, then every page back from the last one, with the plan forced. */
async function pagesBothWays(filter: PairFilter, options: ListOptions): Promise<{ forward: number[]; backward: number[] }> {
  let page = await listViewPage(pool, filter, false, options);
  const forward = [...page.rows.map((r) => r.id)];
  for (let guard = 0; page.nextCursor && guard < 100; guard++) {
    page = await listViewPage(pool, { ...filter, cursor: decodePairCursor(page.nextCursor) }, false, options);
    forward.push(...page.rows.map((r) => r.id));
  }
  const backward = [...page.rows.map((r) => r.id)];
  for (let guard = 0; page.prevCursor && guard < 100; guard++) {
    page = await listViewPage(pool, { ...filter, cursor: decodePairCursor(page.prevCursor) }, true, options);
    backward.unshift(...page.rows.map((r) => r.id));
  }
  return { forward, backward };
}

const textOf = (side: 'A' | 'B') => `(SELECT t."content" FROM "Text" t WHERE t."id" = p."text${side}Id")`;
const contains = (needle: string) => `(${textOf('A')} ILIKE '%${needle}%' OR ${textOf('B')} ILIKE '%${needle}%')`;
const unannotated = `NOT EXISTS (SELECT 1 FROM "Annotation" an WHERE an."pairId" = p."id")`;

/** [query, SQL condition of the plain query, text-search option]: the slow shapes of explorer pages. */
const shapes: Array<[string, string, ListOptions?]> = [
  ['min.syn=0.2&max.syn=0.5&sort=-bleu', 'p."syn" BETWEEN 0.2 AND 0.5'],
  ['min.syn=0.2&max.syn=0.5&sort=sem', 'p."syn" BETWEEN 0.2 AND 0.5'],
  ['min.rouge1=0.1&max.rouge1=0.6&min.st=0.3&sort=-sem', 'p."rouge1" BETWEEN 0.1 AND 0.6 AND p."st" >= 0.3'],
  ['min.bleu=0.3&sort=-id', 'p."bleu" >= 0.3'],
  ['min.syn=0.2&max.syn=0.6&min.bleu=0.2&sort=-syn', 'p."syn" BETWEEN 0.2 AND 0.6 AND p."bleu" >= 0.2'],
  ['q=bridge&sort=-bleu', contains('bridge')],
  ['q=bridge&sort=sem', contains('bridge'), { textIdLimit: 0 }],
  ['q=river&sort=-st&tier=SILVER', `${contains('river')} AND c."tier" = 'SILVER'`],
  ['q=road&sort=bleu&type=SENTENCE', contains('road'), { textIdLimit: 0 }],
  ['cell=2,0&sort=-bleu&limit=2', 'p."syn" >= 0.4 AND p."syn" < 0.6 AND p."sem" < 0.2'],
  [
    'cell=3,1&sort=rouge1&state=unannotated&limit=2',
    `p."syn" >= 0.6 AND p."syn" < 0.8 AND p."sem" >= 0.2 AND p."sem" < 0.4 AND ${unannotated}`,
  ],
  ['min.syn=0.1&sort=-sem&state=annotated', `p."syn" >= 0.1 AND NOT ${unannotated}`],
  [
    'min.syn=0.2&max.syn=0.7&min.bleu=0.2&sort=st&state=unannotated',
    `p."syn" BETWEEN 0.2 AND 0.7 AND p."bleu" >= 0.2 AND ${unannotated}`,
  ],
  [
    'max.bleu=0.6&min.sem=0.3&max.sem=0.9&sort=-rouge1&tier=GOLD',
    `p."bleu" <= 0.6 AND p."sem" BETWEEN 0.3 AND 0.9 AND c."tier" = 'GOLD'`,
  ],
];

/** The plans, and walks with a budget of index entries: 3 (every page falls back to the matches plan) and 12 (some pages do). */
const variants: Array<[string, ListOptions]> = [
  ['walk', { plan: 'walk' }],
  ['matches', { plan: 'matches' }],
  ['intersect', { plan: 'intersect' }],
  ['setwalk', { plan: 'setwalk' }],
  ['walk with a budget of 3', { plan: 'walk', walkBudget: 3 }],
  ['walk with a budget of 12', { plan: 'walk', walkBudget: 12 }],
];

describe.each(variants)('the %s plan', (_name, planOptions) => {
  it.each(shapes)('pages %s exactly as the plain ORDER BY, forward and back', async (query, where, options = {}) => {
    const filter = filterOf(query);
    const expected = await plainOrder(where, query.match(/sort=([-\w]+)/)![1]!);
    expect(expected.length, 'the shape selects more than one page').toBeGreaterThan(filter.limit);
    const { forward, backward } = await pagesBothWays(filter, { ...options, ...planOptions });
    expect(forward).toEqual(expected);
    expect(backward).toEqual(expected);
  });
});

describe('a walk with a budget', () => {
  /** The page statement's rows with the walk's budget: the edge marks a walk cut short. */
  const edges = async (query: string, walkBudget: number) => {
    const resolved = await resolvePairFilter(pool, filterOf(query));
    const sql = pairPageSql({ ...resolved, walkBudget }, resolved.filter.limit + 1, false, 'walk');
    return (await pool.query<{ id: number; edge: boolean }>(sql.text, sql.values)).rows.map((r) => r.edge);
  };
  it('marks the last entry it may read when the page is not full by then, and only then', async () => {
    // syn 0.2–0.5 holds 4 of the 10 syn values: 3 entries cannot fill a page of 4 (limit + 1 = 5 asked)
    expect(await edges('min.syn=0.2&max.syn=0.5&sort=-bleu', 3)).toContain(true);
    expect(await edges('min.syn=0.2&max.syn=0.5&sort=-bleu', 1_000)).not.toContain(true);
    // every pair matches: the first corpus's first 5 entries fill the page (5 asked) before its 6th
    expect(await edges('min.syn=0&sort=id', 6)).toEqual([false, false, false, false, false]);
    expect(await edges('min.syn=0&sort=id', 5)).toContain(true);
    // a range on the sort's own measure bounds the walk: it starts at syn 0.7, not at 0.9 (12 entries above in each corpus)
    expect(await edges('min.syn=0.6&max.syn=0.7&sort=-syn', 6)).toEqual([false, false, false, false, false]);
  });
  it('is what a chosen walk carries, with the plan it falls back to', () => {
    const pairs = 1_000_000;
    const ranges = [0.3, 0.8].map((w, i) => ({
      range: { key: (['syn', 'rouge1'] as const)[i]!, min: 0, max: w },
      estimate: w * pairs,
    }));
    const walk = rangesPlan({ pairs, limit: 100, matches: 0.24 * pairs, ranges, sortIndexed: true });
    expect(walk.plan).toBe('walk');
    // expected 101 / 0.24 = 421 entries; the budget is at least three times that
    expect(walk.walkBudget).toBeGreaterThanOrEqual(3 * 421);
    expect(walk.fallback).toEqual({ plan: 'matches' });
  });
});

describe('a walk on measures that move together', () => {
  // syn and rougeL equal: walking -rougeL from the top meets the pairs with syn ≤ 0.6 only after
  // the 48 above it, where matches spread evenly would come every second entry or so
  let slug = '';
  let id = 0;
  beforeAll(async () => {
    const corpus = await makeCorpus(db, {});
    [slug, id] = [corpus.slug, corpus.id];
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 120 }, (_, i) => ({
        a: `moving ${i}`,
        b: `together ${i}`,
        measures: { syn: i / 120, rougeL: i / 120 },
      })),
    );
    await pool.query('ANALYZE "Pair"');
  });
  it('reaches its budget and the page comes from the other plan, exactly', async () => {
    const parsed = parsePairFilter(new URLSearchParams(`corpus=${slug}&limit=4&max.syn=0.6&sort=-rougeL`));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const planned = await planPage(pool, parsed.filter);
    expect(planned.plan).toBe('walk');
    expect(planned.walkBudget).toBeLessThan(48);
    expect(planned.fallback).toBeDefined();
    const sql = pairPageSql(planned, 5, false, 'walk');
    expect((await pool.query<{ edge: boolean }>(sql.text, sql.values)).rows.map((r) => r.edge)).toContain(true);
    const expected = await pool.query<{ id: number }>(
      `SELECT p."id" FROM "Pair" p WHERE p."corpusId" = $1 AND p."syn" <= 0.6 ORDER BY p."rougeL" DESC, p."id" DESC`,
      [id],
    );
    const { forward, backward } = await pagesBothWays(parsed.filter, {});
    expect(forward).toEqual(expected.rows.map((r) => r.id));
    expect(backward).toEqual(forward);
  });
});

describe('the estimate of a range from the statistics', () => {
  it("is the planner's own, without planning a statement", async () => {
    await pool.query('ANALYZE "Pair"');
    const resolved = await resolvePairFilter(pool, filterOf('min.syn=0.2&max.syn=0.5&sort=-bleu'));
    const pairs = (await plainOrder('TRUE', 'id')).length;
    const [fromStats] = await estimateRanges(pool, { ...resolved, pairs }, resolved.filter.ranges, { cached: false });
    const sql = pairMatchesSql(resolved)!;
    const explained = await pool.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `EXPLAIN (FORMAT JSON) ${sql.text}`,
      sql.values,
    );
    const planner = explained.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
    expect(fromStats).toBeGreaterThan(0);
    // the same statistics (the planner multiplies by its estimate of the corpora's rows, these by their pairs)
    expect(Math.abs(fromStats! - planner)).toBeLessThanOrEqual(Math.max(3, 0.25 * planner));
  });
});

describe('the plan chosen from the estimate', () => {
  it.each([0, 1_000_000])('gives the same rows with a matches-plan limit of %i', async (matchesPlanLimit) => {
    const filter = filterOf('cell=2,0&sort=-bleu&limit=2&min.st=0.1');
    const { forward } = await pagesBothWays(filter, { matchesPlanLimit });
    expect(forward).toEqual(await plainOrder('p."syn" >= 0.4 AND p."syn" < 0.6 AND p."sem" < 0.2 AND p."st" >= 0.1', '-bleu'));
  });
});

describe('a type filter over many texts', () => {
  it('is dropped when the corpora hold no text of another type, and pages stay exact', async () => {
    const every = await resolvePairFilter(pool, filterOf('type=SENTENCE,CAPTION&min.syn=0.2&max.syn=0.5&sort=-bleu'), {
      textIdLimit: 0,
    });
    expect(every.filter.types).toEqual([]);
    const some = await resolvePairFilter(pool, filterOf('type=CAPTION&min.syn=0.2&max.syn=0.5&sort=-bleu'), { textIdLimit: 0 });
    expect(some.filter.types).toEqual(['CAPTION']);
    const { forward } = await pagesBothWays(filterOf('type=CAPTION&min.syn=0.2&max.syn=0.5&sort=-bleu'), { textIdLimit: 0 });
    const caption = `EXISTS (SELECT 1 FROM "Text" t WHERE t."id" IN (p."textAId", p."textBId") AND t."type" = 'CAPTION')`;
    expect(forward).toEqual(await plainOrder(`p."syn" BETWEEN 0.2 AND 0.5 AND ${caption}`, '-bleu'));
    expect(forward.length).toBeGreaterThan(0);
  });
});

describe('the count beside a page of each shape', () => {
  it.each(shapes)('%s: exact up to the limit, a marked estimate above it', async (query, where, options = {}) => {
    const filter = filterOf(query);
    const matching = (await plainOrder(where, 'id')).length;
    expect(await countPairsForPage(pool, filter, { ...options, exactCountLimit: 1_000 })).toEqual({
      value: matching,
      estimated: false,
    });
    const estimated = await countPairsForPage(pool, filter, { ...options, exactCountLimit: 1 });
    expect(estimated.estimated).toBe(true);
    expect(estimated.value).toBeGreaterThan(1);
  });
});

describe('the count beside a page', () => {
  it('is exact up to the exact-count limit', async () => {
    const matching = (await plainOrder('p."syn" BETWEEN 0.2 AND 0.5', 'id')).length;
    expect(await countPairsForPage(pool, filterOf('min.syn=0.2&max.syn=0.5'), { exactCountLimit: matching })).toEqual({
      value: matching,
      estimated: false,
    });
    expect(await countPairsForPage(pool, filterOf('min.syn=0.2&max.syn=0.5'))).toEqual({ value: matching, estimated: false });
    expect(await countPairsForPage(pool, filterOf('q=no%20such%20text'))).toEqual({ value: 0, estimated: false });
  });

  it('is an estimate, marked as one and above the limit, when more pairs match', async () => {
    const total = await countPairsForPage(pool, filterOf('min.syn=0.2&max.syn=0.5'), { exactCountLimit: 5 });
    expect(total.estimated).toBe(true);
    expect(total.value).toBeGreaterThan(5);
    // no filter at all: the whole corpora, estimated too
    const all = await countPairsForPage(pool, filterOf(''), { exactCountLimit: 5 });
    expect(all.estimated).toBe(true);
    expect(all.value).toBeGreaterThan(5);
  });
});

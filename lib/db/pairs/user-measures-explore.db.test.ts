/**
 * User measures in pair views (the explorer, GET /api/v1/pairs, exports of a view): `u.NAME` ranges
 * and sorts against a JavaScript reference over the same rows, across corpora that have the measure
 * under their own ids, or lack it.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { pairFilterToParams, parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { countPairs, findNeighbourPairs, listPairPage, streamPairRows, type PairListRow } from './pair-list';
import { getSqlPool } from '../sql-pool';
import { importScores } from '../corpora/user-measures';

const db = getDb();
const pool = getSqlPool();
const slugs: string[] = [];
/** pair id → its value of `para` (absent: none) */
const para = new Map<number, number>();
let ids: number[] = [];
afterAll(() => pool.end());

beforeAll(async () => {
  for (const n of [1, 2, 3]) {
    const corpus = await makeCorpus(db);
    slugs.push(corpus.slug);
    const made = await makePairs(
      db,
      corpus.id,
      Array.from({ length: 9 }, (_, i) => ({
        a: `User measure corpus ${n} pair ${i} a`,
        b: `User measure corpus ${n} pair ${i} b`,
        measures: { bleu: i / 10 },
      })),
    );
    ids.push(...made);
    if (n === 3) continue; // the third corpus has no measure of that name
    // every third pair without a value; ties (the same value twice) are ordered by id
    const rows = made.flatMap((id, i) => (i % 3 === 2 ? [] : [[id, ((i * 7 + n) % 5) / 4] as const]));
    for (const [id, v] of rows) para.set(id, v);
    const outcome = await importScores(pool, {
      slug: corpus.slug,
      map: 'id=pair_id',
      measures: 'para=score',
      rows: readAnnotationRowsFrom(
        Readable.from([Buffer.from(`pair_id,score\n${rows.map(([id, v]) => `${id},${v}`).join('\n')}\n`)]),
        'csv',
      ),
      source: null,
      userId: null,
    });
    expect(outcome.ok).toBe(true);
  }
  ids = ids.sort((a, b) => a - b);
});

function filterOf(query: string): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=${slugs.join(',')}&limit=4&${query}`));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filter;
}

async function pageThrough(filter: PairFilter): Promise<PairListRow[]> {
  const rows: PairListRow[] = [];
  let f = filter;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listPairPage(pool, f);
    rows.push(...page.rows);
    if (!page.nextCursor) return rows;
    const next = parsePairFilter(new URLSearchParams({ ...Object.fromEntries(pairFilterToParams(f)), cursor: page.nextCursor }));
    if (!next.ok) throw new Error(JSON.stringify(next.errors));
    f = next.filter;
  }
  throw new Error('did not end');
}

/** Nulls last in both directions, then value, then id, in the sort's direction. */
function reference(desc: boolean, keep: (id: number) => boolean = () => true): number[] {
  return ids.filter(keep).sort((x, y) => {
    const [vx, vy] = [para.get(x), para.get(y)];
    if ((vx === undefined) !== (vy === undefined)) return vx === undefined ? 1 : -1;
    const byValue = vx === undefined || vy === undefined ? 0 : vx - vy;
    return (desc ? -1 : 1) * (byValue !== 0 ? byValue : x - y);
  });
}

describe('user measures in pair views', () => {
  it.each([false, true])(
    'sort by u.para (descending: %s) pages through every corpus, pairs without a value last',
    async (desc) => {
      const rows = await pageThrough(filterOf(`sort=${desc ? '-' : ''}u.para`));
      expect(rows.map((r) => r.id)).toEqual(reference(desc));
      // each row carries its user measures for the explorer's columns
      for (const r of rows) expect(r.userMeasures?.para ?? null).toBe(para.get(r.id) ?? null);
    },
  );

  it('filters a range of u.para (pairs without a value are out) and counts it', async () => {
    const filter = filterOf('min.u.para=0.25&max.u.para=0.75&sort=-bleu');
    const keep = (id: number) => para.has(id) && para.get(id)! >= 0.25 && para.get(id)! <= 0.75;
    expect((await pageThrough(filter)).map((r) => r.id).sort((a, b) => a - b)).toEqual(ids.filter(keep));
    expect(await countPairs(pool, filter)).toBe(ids.filter(keep).length);
  });

  it("knows a pair's neighbours in a u.para view, and streams it in order", async () => {
    const filter = filterOf('sort=-u.para');
    const expected = reference(true);
    for (const i of [0, 5, 13, expected.length - 1]) {
      expect(await findNeighbourPairs(pool, filter, expected[i]!)).toEqual({
        prev: expected[i - 1] ?? null,
        next: expected[i + 1] ?? null,
      });
    }
    const streamed: number[] = [];
    for await (const batch of streamPairRows(pool, filter, 5)) streamed.push(...batch.map((r) => r.id));
    expect(streamed).toEqual(expected);
  });

  it('answers a measure no corpus of the view has with a 400, and a bad name in the URL with a parameter error', async () => {
    await expect(listPairPage(pool, filterOf('sort=u.nothing'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { fields: { 'u.nothing': expect.stringMatching(/names no measure of your own/) as string } },
    });
    await expect(
      listPairPage(pool, { ...filterOf(''), corpora: [slugs[2]!], ranges: [{ key: 'u.para', min: 0, max: null }] }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(parsePairFilter(new URLSearchParams('min.u.Bad=1'))).toMatchObject({
      ok: false,
      errors: { 'min.u.Bad': expect.stringMatching(/unknown measure/) as string },
    });
  });
});

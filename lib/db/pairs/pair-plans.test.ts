/**
 * Which page plan the estimates choose (docs/decisions/009), without a database: what the matches
 * plan may start from, and the plan of measure ranges alone at several widths on 1,000,000 and
 * 10,000,000 pairs. The plans' rows against a plain ORDER BY: pair-plans.db.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parsePairFilter, type PairFilter } from '@/lib/explore/pair-filter';
import { hasDriver, rangesPlan } from './pair-plans';

function filterOf(query: string): PairFilter {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=a&limit=4&${query}`));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.filter;
}

describe('what the matches plan may start from', () => {
  const resolved = (query: string) => ({
    filter: filterOf(query),
    corpusIds: [1],
    campaignId: null,
    textIds: null,
    pairs: 1_000_000,
  });
  it('one indexed range or a map cell, not two ranges alone nor a measure of your own', () => {
    expect(hasDriver(resolved('min.syn=0.2&max.syn=0.5&sort=-bleu'))).toBe(true);
    expect(hasDriver(resolved('cell=2,0&sort=-bleu'))).toBe(true);
    expect(hasDriver(resolved('min.rouge1=0.1&max.rouge1=0.6&min.st=0.3&sort=-sem'))).toBe(false);
    expect(hasDriver(resolved('min.u.model=0.5&sort=-sem'))).toBe(false);
    expect(hasDriver(resolved('sort=-sem'))).toBe(false);
  });
});

describe('the plan of measure ranges alone', () => {
  const keys = ['syn', 'rouge1', 'st'] as const;
  const range = (key: (typeof keys)[number]) => ({ key, min: 0, max: 1 });
  /** ranges of these shares of 1,000,000 pairs (independent), 100 rows a page */
  const choose = (widths: number[], sortIndexed = true) => {
    const pairs = 1_000_000;
    const ranges = widths.map((w, i) => ({ range: range(keys[i]!), estimate: w * pairs }));
    return rangesPlan({ pairs, limit: 100, matches: widths.reduce((m, w) => m * w, pairs), ranges, sortIndexed });
  };
  it('intersects the id sets of ranges each too wide to read, together too narrow to walk', () => {
    // 2% × 2%: walking reads 252,500 rows, either range 20,000; the id sets 40,000 ids and then 400 rows
    expect(choose([0.02, 0.02])).toEqual({ plan: 'intersect', idSetRanges: [range('syn'), range('rouge1')] });
    // a third range of 90%: its 900,000 ids cost more than the rows it removes
    expect(choose([0.02, 0.02, 0.9])).toEqual({ plan: 'intersect', idSetRanges: [range('syn'), range('rouge1')] });
  });
  it('walks the sort index alone with the narrowest range as an id set when the walk is short enough', () => {
    // 10% × 2%: 20,000 ids, 50,500 index entries walked, 1,010 rows read (walk: 50,500 rows;
    // matches 20,000; intersect: 120,000 ids, 2,000 rows)
    expect(choose([0.1, 0.02])).toEqual({ plan: 'setwalk', idSetRanges: [range('rouge1')] });
    expect(choose([0.01])).toEqual({ plan: 'setwalk', idSetRanges: [range('syn')] });
    // sorted by a measure of your own, whose order no index holds
    expect(choose([0.1, 0.02], false)).toEqual({ plan: 'intersect', idSetRanges: [range('rouge1'), range('syn')] });
  });
  it('never walks with an id set too large to hash', () => {
    // 10,000,000 pairs, 2% × 10%: the set would hold 200,000 ids
    const big = rangesPlan({
      pairs: 10_000_000,
      limit: 100,
      matches: 20_000,
      ranges: [
        { range: range('syn'), estimate: 200_000 },
        { range: range('rouge1'), estimate: 1_000_000 },
      ],
      sortIndexed: true,
    });
    expect(big.plan).not.toBe('setwalk');
  });
  it('reads one narrow range, and walks wide ones', () => {
    expect(choose([0.001, 0.3])).toEqual({ plan: 'matches' });
    expect(choose([0.001])).toEqual({ plan: 'matches' });
    expect(choose([0.1, 0.1]).plan).toBe('walk');
    expect(choose([0.3, 0.8]).plan).toBe('walk');
    expect(choose([0.1]).plan).toBe('walk');
  });
});

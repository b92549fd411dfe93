import { describe, expect, it } from 'vitest';
import type { PairRecord } from '@/lib/import/types';
import { UuidBloomFilter } from './bloom-filter';
import { ChunkPlanner, type LookupAnswers } from './chunk-planner';
import { preparePair, type PreparedPair } from './prepare-pair';

const pair = (a: string, b: string, seq = 1): PreparedPair => {
  const record: PairRecord = {
    lineNumber: seq,
    a: { text: a, type: 'sentence' },
    b: { text: b, type: 'sentence' },
    metadata: {},
    similarities: {},
  };
  return preparePair(record, seq);
};

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const answers = (over: Partial<LookupAnswers> = {}): LookupAnswers => ({
  existingPairs: new Set(),
  existingTextIds: new Map(),
  reservedIds: ids(100, 50),
  ...over,
});

describe('ChunkPlanner', () => {
  it('drops repeats inside a chunk (either order) and shares texts between pairs', () => {
    const planner = new ChunkPlanner(new UuidBloomFilter(1000), 4);
    const plan = planner.plan([pair('x', 'y'), pair('y', 'x'), pair('y', 'z')]);
    expect(plan.size).toBe(3);
    expect(plan.candidates).toHaveLength(2);
    expect(plan.distinctTexts).toBe(3);
    const decision = planner.decide(plan, answers());
    expect(decision.newPairs).toHaveLength(2);
    expect(decision.newTexts.map((t) => t.text.content)).toEqual(['x', 'y', 'z']);
    expect([...decision.textIds.values()]).toEqual([100, 101, 102]);
  });

  it('asks about nothing when the corpus started empty and the keys are new', () => {
    const planner = new ChunkPlanner(new UuidBloomFilter(1000), 4);
    const plan = planner.plan([pair('x', 'y')]);
    expect(plan.pairLookups).toEqual([]);
    expect(plan.textLookups).toEqual([]);
  });

  it('asks about every key when the corpus had rows (no filter), and trusts the answers', () => {
    const planner = new ChunkPlanner(null, 4);
    const p = pair('x', 'y');
    const plan = planner.plan([p]);
    expect(plan.pairLookups).toEqual([p.pairKey]);
    expect(plan.textLookups).toEqual([p.a.key, p.b.key]);
    const existing = planner.decide(plan, answers({ existingPairs: new Set([p.pairKey]) }));
    expect(existing.newPairs).toEqual([]);
    const q = pair('x', 'w');
    const decision = planner.decide(planner.plan([q]), answers({ existingTextIds: new Map([[q.a.key, 7]]) }));
    expect(decision.newTexts.map((t) => t.text.content)).toEqual(['w']);
    expect(decision.textIds.get(q.a.key)).toBe(7);
  });

  it('sees chunks decided after a plan through its window (planned before, decided in order)', () => {
    const planner = new ChunkPlanner(new UuidBloomFilter(1000), 4);
    const first = planner.plan([pair('x', 'y')]);
    // The second chunk is planned before the first is decided: its keys look new to the filter.
    const second = planner.plan([pair('y', 'x'), pair('y', 'z')]);
    expect(second.pairLookups).toEqual([]);
    planner.decide(first, answers({ reservedIds: [1, 2] }));
    const decision = planner.decide(second, answers({ reservedIds: [10, 11, 12] }));
    expect(decision.newPairs.map((p) => [p.a.content, p.b.content])).toEqual([['y', 'z']]);
    expect(decision.newTexts.map((t) => t.text.content)).toEqual(['z']);
    expect(decision.textIds.get(second.candidates[1]!.a.key)).toBe(2);
  });

  it('looks up keys that fell out of the window (the filter remembers them)', () => {
    const planner = new ChunkPlanner(new UuidBloomFilter(1000), 1);
    const old = pair('x', 'y');
    planner.decide(planner.plan([old]), answers());
    planner.decide(planner.plan([pair('p', 'q')]), answers());
    const again = planner.plan([pair('y', 'x')]);
    expect(again.pairLookups).toEqual([old.pairKey]);
  });

  it('refuses to run out of reserved ids', () => {
    const planner = new ChunkPlanner(new UuidBloomFilter(1000), 4);
    expect(() => planner.decide(planner.plan([pair('a', 'b')]), answers({ reservedIds: [1] }))).toThrow(
      'not enough reserved text ids',
    );
  });
});

/**
 * The WordNet measure gives exactly the values it gave before it was made faster (interned word
 * ids, cached word pairs, typed-array Wu-Palmer): fixtures/wordnet-pin.json holds the values the
 * earlier code computed on 1,000 generated caption pairs and the first 1,000 PAWS dev pairs
 * (fixtures/generate-wordnet-pin.ts); equality is bit for bit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithDatasets, SHARED_DATASETS } from '@/lib/testing/shared-datasets';
import { captionPinPairs, pawsPinPairs } from './fixtures/wordnet-pin-pairs';
import { openWordNetScorer } from './text-scorers';

const pin = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', 'wordnet-pin.json'), 'utf8')) as {
  paws: number[];
  captions: number[];
};

async function scoreAll(pairs: ReadonlyArray<readonly [string, string]>): Promise<number[]> {
  const scorer = await openWordNetScorer();
  const reps = await scorer.prepare(pairs.flat());
  return pairs.map((_, k) => scorer.score(reps[2 * k]!, reps[2 * k + 1]!));
}

describe('WordNet measure pinned values', () => {
  it('1,000 generated caption pairs', async () => {
    expect(await scoreAll(await captionPinPairs())).toEqual(pin.captions);
  }, 60_000);
});

describeWithDatasets(
  'WordNet measure pinned values on PAWS',
  () => {
    it('the first 1,000 PAWS dev pairs', async () => {
      expect(await scoreAll(pawsPinPairs(SHARED_DATASETS))).toEqual(pin.paws);
    }, 60_000);
  },
  ['paws/dev.tsv'],
);

import { describe, expect, it } from 'vitest';
import { computeMeasures, measureOptionsForLanguage, PAPER_MEASURE_OPTIONS } from '@/lib/measures/measures';
import { batchMeasures, measureBatch, SYNTACTIC_KEYS } from './measure-batch';

const pairs: Array<[string, string]> = [
  ['An Easter postcard from 1907 depicting a rabbit.', 'A 1907 postcard featuring the Easter Bunny.'],
  ['Troops clearing rubble after the May air raid on Belfast.', 'Soldiers clearing rubble after the May air raid on Belfast.'],
  ['', ''],
  ['', 'Only one side has words.'],
  ['!!! ???', '...'],
  ['The the the the', 'the'],
  ['Die Brücke über den Fluss im Jahr 1850.', 'Eine Brücke über einem Fluss, 1850.'],
  ['東京の駅', '東京駅の写真'],
];

describe('measureBatch / batchMeasures', () => {
  it("names computeMeasures' keys in its order", () => {
    expect(Object.keys(computeMeasures('a b c', 'a c'))).toEqual([...SYNTACTIC_KEYS]);
  });

  for (const options of [PAPER_MEASURE_OPTIONS, measureOptionsForLanguage('de')]) {
    it(`gives back computeMeasures' object, bit for bit (${options.tokenizer})`, () => {
      // through a structured clone, as a worker thread hands it back
      const batch = structuredClone(measureBatch({ a: pairs.map((p) => p[0]), b: pairs.map((p) => p[1]), options }));
      pairs.forEach(([a, b], i) => {
        const expected = computeMeasures(a, b, options);
        const got = batchMeasures(batch, i);
        expect(Object.keys(got)).toEqual(Object.keys(expected));
        for (const key of SYNTACTIC_KEYS) expect(Object.is(got[key], expected[key]), `${key} of pair ${i}`).toBe(true);
      });
    });
  }

  it('keeps a null a null and a NaN a NaN', () => {
    const batch = {
      values: new Float64Array(SYNTACTIC_KEYS.length).fill(Number.NaN),
      nulls: new Uint8Array(SYNTACTIC_KEYS.length),
    };
    batch.nulls[1] = 1;
    const got = batchMeasures(batch, 0);
    expect(got.rougeL).toBeNull();
    expect(got.rouge1).toBeNaN();
  });

  it('refuses texts that do not pair up', () => {
    expect(() => measureBatch({ a: ['x'], b: [], options: PAPER_MEASURE_OPTIONS })).toThrow(/as many second texts/);
  });
});

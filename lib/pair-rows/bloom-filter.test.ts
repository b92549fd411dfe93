import { describe, expect, it } from 'vitest';
import { UuidBloomFilter } from './bloom-filter';
import { computeTextKey } from './content-keys';

const key = (i: number) => computeTextKey('SENTENCE', null, null, `sentence ${i}`);

describe('UuidBloomFilter', () => {
  it('never forgets a key it was given', () => {
    const bloom = new UuidBloomFilter(10_000);
    for (let i = 0; i < 10_000; i += 1) bloom.add(key(i));
    for (let i = 0; i < 10_000; i += 1) expect(bloom.mightContain(key(i))).toBe(true);
  });

  it('answers "maybe" for about 1 % of unseen keys at 10 bits per key (theory: 0.82 %)', () => {
    const bloom = new UuidBloomFilter(20_000);
    for (let i = 0; i < 20_000; i += 1) bloom.add(key(i));
    let falsePositives = 0;
    for (let i = 20_000; i < 70_000; i += 1) if (bloom.mightContain(key(i))) falsePositives += 1;
    expect(falsePositives / 50_000).toBeLessThan(0.02);
    expect(falsePositives).toBeGreaterThan(0);
  });
});

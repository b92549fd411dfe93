/** GloVe cosine on hand-made 2-D vectors, each value worked out by hand in the comments. */
import { describe, expect, it } from 'vitest';
import { computeGloveCosine, meanWordVector, tokenizeForGloveCosine, type RowVectors } from '@/lib/measures/glove-cosine';

function rows(table: Record<string, number[]>): RowVectors {
  const words = Object.keys(table);
  const unit = words.map((w) => {
    const norm = Math.hypot(...table[w]!);
    return table[w]!.map((x) => x / norm);
  });
  return { dimension: 2, indexOf: (w) => words.indexOf(w), addRow: (i, into) => unit[i]!.forEach((x, d) => (into[d]! += x)) };
}

const vectors = rows({ rabbit: [1, 0], bunny: [0, 1], hare: [3, 3], car: [-2, 0] });
const mean = (text: string) => meanWordVector(tokenizeForGloveCosine(text), vectors);

describe('tokenizeForGloveCosine', () => {
  it('keeps the rouge tokenizer’s lower-case words unstemmed and drops NLTK stop words', () => {
    expect(tokenizeForGloveCosine('The Rabbits and THIS bunny, in 1907!')).toEqual(['rabbits', 'bunny', '1907']);
  });
});

describe('gloveCosine', () => {
  it('is the cosine of the mean unit vectors', () => {
    // (rabbit + bunny)/2 = (½, ½) and hare = (1/√2, 1/√2): the same direction.
    expect(computeGloveCosine(mean('The rabbit and the bunny.'), mean('A hare.'))).toBeCloseTo(1, 6);
    // every occurrence counts: (2/3, 1/3) against (1/√2, 1/√2) → (1/√2) / (√5/3) = 3/√10
    expect(computeGloveCosine(mean('rabbit rabbit bunny'), mean('hare'))).toBeCloseTo(3 / Math.sqrt(10), 6);
    // rabbit ⟂ bunny
    expect(computeGloveCosine(mean('rabbit'), mean('bunny'))).toBe(0);
  });

  it('clips a negative cosine to 0, as the ST cosine is', () => {
    expect(computeGloveCosine(mean('rabbit'), mean('car'))).toBe(0);
    // (0, 1) against (car + bunny)/2 = (−½, ½): ½ / (1 · 1/√2) = 1/√2
    expect(computeGloveCosine(mean('bunny'), mean('car bunny'))).toBeCloseTo(1 / Math.SQRT2, 6);
  });

  it('drops unknown and unstemmed forms, and gives 0 for a text with no known token', () => {
    expect(mean('rabbits hares')).toBeNull(); // no stemming: the plural has no vector here
    expect(mean('the and of')).toBeNull();
    expect(computeGloveCosine(mean('rabbit'), mean('rabbits'))).toBe(0);
    expect(computeGloveCosine(null, null)).toBe(0);
    expect(computeGloveCosine(mean('rabbit zebra'), mean('rabbit'))).toBe(1); // zebra unknown, dropped
  });
});

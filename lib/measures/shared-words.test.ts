import { describe, expect, it } from 'vitest';
import { longestCommonSubsequence, sharedWords } from './shared-words';
import { computeRougeL } from './rouge';

const marked = (segments: ReturnType<typeof sharedWords>['a'], mark: 'lcs' | 'common') =>
  segments.filter((s) => s.mark === mark).map((s) => s.text);

describe('sharedWords', () => {
  it('marks one longest common subsequence and the other shared words; the texts come back unchanged', () => {
    // the EACL paper's Table 1 example pair
    const a = 'An Easter postcard from 1907 depicting a rabbit.';
    const b = 'A 1907 postcard featuring the Easter Bunny.';
    const shared = sharedWords(a, b);
    expect(shared.a.map((s) => s.text).join('')).toBe(a);
    expect(shared.b.map((s) => s.text).join('')).toBe(b);
    // the shared words come in opposite orders (Easter postcard 1907 a / a 1907 postcard Easter): a subsequence of one
    expect(shared.lcs).toBe(1);
    expect(shared.commonA).toBe(4); // a (in "a rabbit"), Easter, postcard, 1907
    expect([...marked(shared.a, 'lcs'), ...marked(shared.a, 'common')].join(' ').split(/\s+/).sort()).toEqual([
      '1907',
      'Easter',
      'a',
      'postcard',
    ]);
  });

  it('keeps accents, compares case-folded, and works in any script', () => {
    const shared = sharedWords('La organización que dirige Yaser Arafat', 'ORGANIZACIÓN que dirige Arafat');
    expect(marked(shared.a, 'lcs')).toEqual(['organización que dirige', 'Arafat']);
    expect(sharedWords('Η γέφυρα έπεσε', 'η ΓΈΦΥΡΑ στέκει').lcs).toBe(2);
  });

  it('the spaces between two marked words join their run; punctuation does not', () => {
    const shared = sharedWords('red, green blue', 'red green blue');
    expect(shared.a).toEqual([
      { text: 'red', mark: 'lcs' },
      { text: ', ', mark: null },
      { text: 'green blue', mark: 'lcs' },
    ]);
  });

  it('no words in common: nothing marked', () => {
    expect(sharedWords('alpha beta', 'gamma delta')).toMatchObject({
      lcs: 0,
      commonA: 0,
      a: [{ text: 'alpha beta', mark: null }],
    });
    expect(sharedWords('', '')).toEqual({ a: [], b: [], lcs: 0, commonA: 0 });
  });
});

describe('longestCommonSubsequence', () => {
  it('its length is the LCS ROUGE-L counts (lib/measures/rouge.ts, checked against rouge-score) on the same tokens', () => {
    const cases: Array<[string, string]> = [
      ['the cat sat on the mat', 'the cat lay on a mat'],
      ['police kill the gunman', 'the gunman kill police'],
      ['a b c d e f', 'f e d c b a'],
    ];
    for (const [x, y] of cases) {
      const a = x.split(' ');
      const b = y.split(' ');
      const pairs = longestCommonSubsequence(a, b);
      // in order on both sides, each a match
      pairs.forEach(([i, j], k) => {
        expect(a[i]).toBe(b[j]);
        if (k > 0) expect(i > pairs[k - 1]![0] && j > pairs[k - 1]![1]).toBe(true);
      });
      const p = pairs.length / a.length;
      const r = pairs.length / b.length;
      expect(computeRougeL(a, b).fmeasure).toBeCloseTo(pairs.length === 0 ? 0 : (2 * p * r) / (p + r), 12);
    }
  });
});

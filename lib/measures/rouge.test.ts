/**
 * ROUGE against rouge-score's own tests (google-research rouge/rouge_scorer_test.py; its
 * ROUGE-1.5.5 "ground truth" values for the first two lines of testdata/target.txt and
 * testdata/prediction.txt, with and without the Porter stemmer).
 */
import { describe, expect, it } from 'vitest';
import { computeRougeL, computeRougeN, type RougeScore } from '@/lib/measures/rouge';
import { tokenize } from '@/lib/measures/tokenize';

const TARGETS = [
  "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L\n",
  "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN\n",
];
const PREDICTIONS = [
  "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi\n",
  "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD\n",
];

function score(kind: 'rouge1' | 'rouge2' | 'rougeL', target: string, prediction: string, stem = false): RougeScore {
  const options = { tokenizer: 'rouge', stem } as const;
  const t = tokenize(target, options);
  const p = tokenize(prediction, options);
  return kind === 'rougeL' ? computeRougeL(t, p) : computeRougeN(t, p, kind === 'rouge1' ? 1 : 2);
}

function expectScore(actual: RougeScore, precision: number, recall: number, fmeasure: number, digits = 10): void {
  expect(actual.precision).toBeCloseTo(precision, digits);
  expect(actual.recall).toBeCloseTo(recall, digits);
  expect(actual.fmeasure).toBeCloseTo(fmeasure, digits);
}

describe('ROUGE (rouge_scorer_test.py)', () => {
  it('testRouge1, testRouge2, testRougeLConsecutive, testRougeLNonConsecutive', () => {
    expectScore(score('rouge1', 'testing one two', 'testing'), 1, 1 / 3, 1 / 2);
    expectScore(score('rouge2', 'testing one two', 'testing one'), 1, 1 / 2, 2 / 3);
    expectScore(score('rougeL', 'testing one two', 'testing one'), 1, 2 / 3, 4 / 5);
    expectScore(score('rougeL', 'testing one two', 'testing two'), 1, 2 / 3, 4 / 5);
  });

  it('testRougeEmpty: an empty prediction scores 0 (and so does an empty target or both)', () => {
    for (const kind of ['rouge1', 'rouge2', 'rougeL'] as const) {
      expectScore(score(kind, 'testing one two', ''), 0, 0, 0);
      expectScore(score(kind, '', 'testing one two'), 0, 0, 0);
      expectScore(score(kind, '', ''), 0, 0, 0);
      expectScore(score(kind, 'testing one two', '/'), 0, 0, 0);
    }
  });

  it('testRouge1AgainstRouge155 and WithStemming', () => {
    expectScore(score('rouge1', TARGETS[0]!, PREDICTIONS[0]!), 0.6875, 0.40741, 0.51163, 5);
    expectScore(score('rouge1', TARGETS[1]!, PREDICTIONS[1]!), 0.65385, 0.40476, 0.5, 5);
    expectScore(score('rouge1', TARGETS[0]!, PREDICTIONS[0]!, true), 0.6875, 0.40741, 0.51163, 5);
    expectScore(score('rouge1', TARGETS[1]!, PREDICTIONS[1]!, true), 0.69231, 0.42857, 0.52941, 5);
  });

  it('testRouge2AgainstRouge155 and WithStemming', () => {
    for (const stem of [false, true]) {
      expectScore(score('rouge2', TARGETS[0]!, PREDICTIONS[0]!, stem), 0.53333, 0.30769, 0.39024, 5);
      expectScore(score('rouge2', TARGETS[1]!, PREDICTIONS[1]!, stem), 0.48, 0.29268, 0.36364, 5);
    }
  });

  it('testRougeLAgainstRouge155', () => {
    expectScore(score('rougeL', TARGETS[0]!, PREDICTIONS[0]!), 0.6875, 0.40741, 0.51163, 5);
    expectScore(score('rougeL', TARGETS[1]!, PREDICTIONS[1]!), 0.65385, 0.40476, 0.5, 5);
  });

  it('testLcsTable: LCS of [1,2,3,4,5] and [2,5,3,4] is 3, of [1..5] and [8,9] is 0', () => {
    const lcsRecall = (ref: number[], can: number[]) => computeRougeL(ref.map(String), can.map(String)).recall * ref.length;
    expect(lcsRecall([1, 2, 3, 4, 5], [2, 5, 3, 4])).toBeCloseTo(3, 12);
    expect(lcsRecall([1, 2, 3, 4, 5], [8, 9])).toBe(0);
  });

  it('clips repeated unigrams (multiset intersection, rouge-score _score_ngrams)', () => {
    expectScore(computeRougeN(['the', 'the', 'cat'], ['the', 'the', 'the', 'the'], 1), 2 / 4, 2 / 3, 4 / 7);
  });
});

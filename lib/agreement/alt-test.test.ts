/**
 * The alt-test against the authors' notebook (nitaytech/AltTest at 18428b1, alt_test_example.ipynb),
 * run offline by __fixtures__/generate-alt-test-cases.py with scipy 1.17.1:
 * - random cases (categories with accuracy, 0-4 ratings with negative RMSE, 1-6 annotators, some
 *   under 30 items, missing answers, ε 0 to 0.2) and edge cases (every difference equal, so the
 *   t-test has no variance; one annotator; no shared item), in both modes: 'skip' is the notebook
 *   as published, 'wilcoxon' the notebook with its ttest replaced below 30 items by
 *   scipy.stats.wilcoxon(d − ε, alternative='less');
 * - the notebook's MT-Bench data (ε 0.2, accuracy; __fixtures__/alt-test/mtbench/README.md): ω and
 *   ρ as its stored output prints them, per-annotator p-values to 1e-9.
 */
import { describe, expect, it } from 'vitest';
import cases from '@/lib/agreement/__fixtures__/alt-test/random-cases.json';
import expected from '@/lib/agreement/__fixtures__/alt-test/mtbench/expected.json';
import humansJson from '@/lib/agreement/__fixtures__/alt-test/mtbench/human_annotations.json';
import llmsJson from '@/lib/agreement/__fixtures__/alt-test/mtbench/llm_annotations.json';
import { rejectBenjaminiYekutieli } from '@/lib/stats/multiple-testing';
import {
  rejectAcrossAltTests,
  runAltTest,
  type AltTestResult,
  type AltTestScoring,
  type AltTestValue,
  type SmallSampleRule,
} from '@/lib/agreement/alt-test';

type Num = number | string;
interface NotebookAnnotator {
  annotator: string;
  test: 't' | 'wilcoxon' | 'skipped';
  n: number;
  counts?: Record<'-1' | '0' | '1', number>;
  method?: string;
  statistic?: Num;
  pvalue?: Num;
  rejected?: boolean;
  advantage?: number;
}
interface NotebookRun {
  mode: SmallSampleRule;
  annotators: NotebookAnnotator[];
  winningRate?: Num;
  advantageProbability?: Num;
  error?: string;
}
interface RandomCase {
  name: string;
  scoring: AltTestScoring;
  epsilon: number;
  humans: Array<[string, Array<[string, AltTestValue]>]>;
  llm: Array<[string, AltTestValue]>;
  results: NotebookRun[];
}

function expectRelative(actual: number | null, value: Num | undefined, tolerance: number): void {
  const target = Number(value);
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? Number.NaN) - target)).toBeLessThanOrEqual(tolerance * Math.max(Math.abs(target), 1e-300));
}

function expectLikeNotebook(result: AltTestResult, run: NotebookRun): void {
  expect(result.annotators.map((a) => [a.annotator, a.test, a.n])).toEqual(run.annotators.map((a) => [a.annotator, a.test, a.n]));
  result.annotators.forEach((ours, i) => {
    const theirs = run.annotators[i]!;
    if (theirs.test === 'skipped') {
      expect(ours.reason).toBeTruthy();
      expect(ours.pValue.value).toBeNull();
      return;
    }
    expect(ours.differences).toEqual({
      annotatorBetter: theirs.counts!['1'],
      tie: theirs.counts!['0'],
      modelBetter: theirs.counts!['-1'],
    });
    expect(ours.advantage.value).toBe(theirs.advantage);
    expect(ours.rejected).toBe(theirs.rejected);
    if (theirs.method) expect(ours.wilcoxonMethod).toBe(theirs.method);
    if (theirs.pvalue === 'nan') expect(ours.pValue.reason).toBeTruthy();
    else expectRelative(ours.pValue.value, theirs.pvalue, 1e-9);
    if (typeof theirs.statistic === 'number') expectRelative(ours.statistic.value, theirs.statistic, 1e-9);
    else expect(ours.statistic.value).toBeNull();
  });
  if (run.error) {
    expect(result.winningRate.value).toBeNull();
    expect(result.winningRate.reason).toBeTruthy();
    expect(result.advantageProbability.value).toBeNull();
    expect(result.passed).toBeNull();
  } else {
    expectRelative(result.winningRate.value, run.winningRate, 1e-12);
    expectRelative(result.advantageProbability.value, run.advantageProbability, 1e-12);
    expect(result.passed).toBe(Number(run.winningRate) >= 0.5);
  }
}

const toMaps = (c: RandomCase) => ({
  humans: new Map(c.humans.map(([h, answers]) => [h, new Map(answers)])),
  model: new Map(c.llm),
});

describe('runAltTest against the notebook on random and edge cases', () => {
  const all = cases.cases as unknown as RandomCase[];

  it('covers both tests, skipped annotators, rejections and undefined results', () => {
    const annotators = all.flatMap((c) => c.results.flatMap((r) => r.annotators));
    for (const test of ['t', 'wilcoxon', 'skipped']) expect(annotators.some((a) => a.test === test)).toBe(true);
    for (const method of ['exact', 'permutation', 'asymptotic']) {
      expect(
        annotators.some((a) => a.method === method),
        method,
      ).toBe(method !== 'exact');
    }
    expect(annotators.filter((a) => a.rejected).length).toBeGreaterThan(10);
    expect(annotators.some((a) => a.pvalue === 'nan')).toBe(true);
    expect(all.some((c) => c.results.some((r) => r.error))).toBe(true);
  });

  for (const c of all) {
    for (const run of c.results) {
      it(`${c.name} (${c.scoring}, ε = ${c.epsilon}, ${run.mode}): ω ${run.winningRate ?? '—'}, ρ ${run.advantageProbability ?? '—'}`, () => {
        const result = runAltTest({ ...toMaps(c), scoring: c.scoring, epsilon: c.epsilon, smallSample: run.mode });
        expectLikeNotebook(result, run);
      });
    }
  }
});

describe('runAltTest on the notebook’s MT-Bench data (ε 0.2, accuracy)', () => {
  const humans = new Map(Object.entries(humansJson).map(([h, answers]) => [h, new Map(Object.entries(answers))]));
  const llms = llmsJson as Record<string, Record<string, string>>;

  it('reads the files the expected values were computed from', () => {
    expect(Object.keys(llms)).toEqual(expected.results.map((r) => r.llm));
    expect([...humans.keys()]).toEqual(['author_0', 'author_4', 'expert_24']);
  });

  for (const run of expected.results) {
    it(`${run.notebookLine.replace(/\t/g, ' ')}`, () => {
      const result = runAltTest({
        humans,
        model: new Map(Object.entries(llms[run.llm]!)),
        scoring: 'accuracy',
        epsilon: 0.2,
        smallSample: 'skip',
      });
      expectLikeNotebook(result, run as unknown as NotebookRun);
      const printed = /Winning Rate=([\d.]+)\tAdvantage Probability=([\d.]+)/.exec(run.notebookLine)!;
      expect(Math.abs(result.winningRate.value! - Number(printed[1]))).toBeLessThanOrEqual(0.005);
      expect(Math.abs(result.advantageProbability.value! - Number(printed[2]))).toBeLessThanOrEqual(0.005);
      expect(result.items).toEqual({ kept: 120, fewHumans: 0, noModel: 0 });
      // Every MT-Bench turn but six has two annotators: the report says three are recommended.
      expect(result.warnings[0]).toMatch(/^114 of 120 items have only two human annotators/);
      // 'wilcoxon' mode is the same here: every annotator has 30 items or more.
      const wilcoxon = runAltTest({ humans, model: new Map(Object.entries(llms[run.llm]!)), scoring: 'accuracy', epsilon: 0.2 });
      expect(wilcoxon.annotators.map((a) => a.pValue)).toEqual(result.annotators.map((a) => a.pValue));
    });
  }
});

describe('rejectAcrossAltTests (one model in several environments: the FAQ)', () => {
  const all = cases.cases as unknown as RandomCase[];
  const results = ['random-9', 'random-29', 'random-34', 'llm-good-crowd'].map((name) => {
    const c = all.find((x) => x.name === name)!;
    return runAltTest({ ...toMaps(c), scoring: c.scoring, epsilon: c.epsilon, smallSample: 'skip' });
  });

  it('runs Benjamini–Yekutieli over every tested annotator of every result', () => {
    const joint = rejectAcrossAltTests(results);
    const tested = results.flatMap((r) => r.annotators.filter((a) => a.test !== 'skipped'));
    const rejected = new Set(
      rejectBenjaminiYekutieli(
        tested.map((a) => a.pValue.value),
        0.05,
      ),
    );
    const flags = joint.flatMap((r) => r.annotators.filter((a) => a.test !== 'skipped').map((a) => a.rejected));
    expect(flags).toEqual(tested.map((_, k) => rejected.has(k)));
    // More tests raise the bar: at least one rejection of the separate runs is lost here.
    expect(flags.filter(Boolean).length).toBeLessThan(
      results.reduce((s, r) => s + r.annotators.filter((a) => a.rejected).length, 0),
    );
    joint.forEach((r, i) => {
      expect(r.jointTests).toBe(tested.length);
      expect(r.winningRate.value).toBe(r.annotators.filter((a) => a.rejected).length / r.tested);
      expect(r.advantageProbability).toEqual(results[i]!.advantageProbability);
    });
  });

  it('changes nothing for a single result', () => {
    for (const r of results) expect(rejectAcrossAltTests([r])).toEqual([{ ...r, jointTests: r.tested }]);
  });
});

describe('runAltTest: undefined results and warnings', () => {
  const answers = (values: number[]) => new Map(values.map((v, i) => [i, v]));

  it('says why, rather than guessing, with one human annotator', () => {
    const result = runAltTest({
      humans: new Map([['a', answers([1, 2, 3])]]),
      model: answers([1, 2, 3]),
      scoring: 'neg_rmse',
      epsilon: 0.1,
    });
    expect(result.winningRate).toEqual({ value: null, reason: 'the alt-test needs at least 2 human annotators (there are 1)' });
    expect(result.advantageProbability.value).toBeNull();
    expect(result.passed).toBeNull();
    expect(result.items).toEqual({ kept: 0, fewHumans: 3, noModel: 0 });
  });

  it('says why with two annotators who share no item', () => {
    const humans = new Map([
      ['a', new Map([[1, 'x']])],
      ['b', new Map([[2, 'x']])],
    ]);
    const result = runAltTest({
      humans,
      model: new Map([
        [1, 'x'],
        [2, 'y'],
      ]),
      scoring: 'accuracy',
      epsilon: 0.1,
    });
    expect(result.winningRate.reason).toBe('no item has answers from 2 or more human annotators');
  });

  it('warns that three annotators are recommended when there are two', () => {
    const values = Array.from({ length: 40 }, (_, i) => i % 3);
    const result = runAltTest({
      humans: new Map([
        ['a', answers(values)],
        ['b', answers(values)],
      ]),
      model: answers(values),
      scoring: 'accuracy',
      epsilon: 0.1,
    });
    expect(result.warnings).toEqual([
      'Only two human annotators: each is compared with the model against the other alone. The authors recommend three or more.',
    ]);
    // Everyone agrees: d = 0 everywhere, t = −∞ below ε, p = 0 and the model wins (as scipy).
    expect(result.annotators.map((a) => a.pValue.value)).toEqual([0, 0]);
    expect(result.winningRate.value).toBe(1);
  });

  it('names the small-sample rule it applied', () => {
    const values = Array.from({ length: 12 }, (_, i) => i % 2);
    const humans = new Map([
      ['a', answers(values)],
      ['b', answers(values)],
      ['c', answers(values)],
    ]);
    const wilcoxon = runAltTest({ humans, model: answers(values), scoring: 'accuracy', epsilon: 0.1 });
    expect(wilcoxon.annotators.map((a) => [a.test, a.wilcoxonMethod])).toEqual(Array(3).fill(['wilcoxon', 'permutation']));
    expect(wilcoxon.warnings).toContain(
      '3 annotators have fewer than 30 items and were tested with the Wilcoxon signed-rank test.',
    );
    const skip = runAltTest({ humans, model: answers(values), scoring: 'accuracy', epsilon: 0.1, smallSample: 'skip' });
    expect(skip.annotators[0]!.reason).toBe("12 items, fewer than 30: left out, as the authors' notebook does");
    expect(skip.winningRate.reason).toBe(
      'every annotator has fewer than 30 items in the test, and annotators under 30 are left out',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { completion, estimateTimeLeft, formatDuration } from './campaign-estimate';

const base = { targetAnswers: 300, answers: 120, medianMs: 20_000, activeAnnotators: 3, annotators: 4, overlap: 3 };

describe('estimateTimeLeft', () => {
  it('multiplies the missing answers by the median and shares them among the active annotators', () => {
    // 180 answers × 20 s = 3,600 s of work; three people in parallel: 1,200 s
    expect(estimateTimeLeft(base)).toEqual({
      kind: 'estimate',
      remainingAnswers: 180,
      personMs: 3_600_000,
      wallMs: 1_200_000,
      warning: null,
    });
  });

  it('has no wall time when nobody is active, but still the person time', () => {
    const e = estimateTimeLeft({ ...base, activeAnnotators: 0 });
    expect(e).toMatchObject({ kind: 'estimate', personMs: 3_600_000, wallMs: null });
  });

  it('waits for the first answers, and is done when nothing is missing', () => {
    expect(estimateTimeLeft({ ...base, answers: 0, medianMs: null })).toMatchObject({ kind: 'unknown', remainingAnswers: 300 });
    expect(estimateTimeLeft({ ...base, answers: 300 })).toEqual({ kind: 'done' });
    expect(estimateTimeLeft({ ...base, answers: 400 })).toEqual({ kind: 'done' });
  });

  it('warns when there are fewer annotators than the overlap', () => {
    expect(estimateTimeLeft({ ...base, annotators: 2 })).toMatchObject({
      warning: 'Only 2 annotators for an overlap of 3: the pairs cannot get all their answers until more members are added.',
    });
    const none = estimateTimeLeft({ ...base, annotators: 0, medianMs: null, answers: 0 });
    expect(none.kind === 'unknown' && none.warning).toMatch(/^No annotators for an overlap of 3/);
  });
});

describe('formatDuration and completion', () => {
  it('uses two units at most', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(200 * 60_000)).toBe('3 h 20 min');
    expect(formatDuration(52 * 3_600_000)).toBe('2 d 4 h');
    expect(formatDuration(48 * 3_600_000)).toBe('2 d');
  });

  it('is the share of target answers, capped at 1', () => {
    expect(completion(120, 300)).toBeCloseTo(0.4);
    expect(completion(5, 0)).toBe(1);
    expect(completion(400, 300)).toBe(1);
  });
});

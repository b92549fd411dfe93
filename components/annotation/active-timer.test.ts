import { describe, expect, it } from 'vitest';
import { ActiveTimer } from './active-timer';

describe('ActiveTimer', () => {
  it('counts time while visible, focused and recently active', () => {
    const t = new ActiveTimer(1000);
    expect(t.elapsed(1000)).toBe(0);
    expect(t.elapsed(6000)).toBe(5000);
    t.activity(30_000);
    expect(t.elapsed(50_000)).toBe(49_000);
  });

  it('stops 60 s after the last activity and resumes at the next one', () => {
    const t = new ActiveTimer(0);
    expect(t.elapsed(200_000)).toBe(60_000);
    expect(t.isCounting(59_999)).toBe(true);
    expect(t.isCounting(60_000)).toBe(false);
    t.activity(200_000); // back after a break: the break is not counted
    expect(t.elapsed(210_000)).toBe(70_000);
  });

  it('pauses while the tab is hidden', () => {
    const t = new ActiveTimer(0);
    t.setVisible(false, 10_000);
    expect(t.elapsed(40_000)).toBe(10_000);
    t.setVisible(true, 40_000);
    expect(t.elapsed(45_000)).toBe(15_000);
  });

  it('pauses while the window is not focused, and counts focus as activity', () => {
    const t = new ActiveTimer(0);
    t.setFocused(false, 5_000);
    expect(t.elapsed(500_000)).toBe(5_000);
    t.setFocused(true, 500_000);
    expect(t.elapsed(550_000)).toBe(55_000);
  });

  it('counts nothing twice when events repeat', () => {
    const t = new ActiveTimer(0);
    for (let now = 1000; now <= 10_000; now += 1000) t.activity(now);
    t.setVisible(true, 10_000);
    t.setFocused(true, 10_000);
    expect(t.elapsed(10_000)).toBe(10_000);
  });

  it('resets for the next pair, or resumes a draft with its earlier time', () => {
    const t = new ActiveTimer(0);
    t.reset(100_000, 7_000);
    expect(t.elapsed(103_000)).toBe(10_000);
    t.reset(200_000);
    expect(t.elapsed(200_500)).toBe(500);
  });

  it('honours a custom idle limit', () => {
    const t = new ActiveTimer(0, 1_000);
    expect(t.elapsed(5_000)).toBe(1_000);
  });
});

import { describe, expect, it } from 'vitest';
import { Pace } from './annotator-clients';
import { parseFleetArgs } from './annotate-args';

/** Resolves with whether `promise` settled within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

describe('Pace', () => {
  it('ends a pause that is under way when the think time is shortened, measured from when it began', async () => {
    const pace = new Pace(60_000);
    const pause = pace.pause(1);
    expect(await settlesWithin(pause, 100)).toBe(false);
    pace.set(50); // began over 100 ms ago, so 1 × 50 ms is already over
    expect(await settlesWithin(pause, 100)).toBe(true);
  });

  it('lengthens a pause under way when the think time grows, and stop() ends every pause', async () => {
    const pace = new Pace(50);
    const pause = pace.pause(1);
    pace.set(60_000);
    expect(await settlesWithin(pause, 200)).toBe(false);
    pace.stop();
    expect(pace.stopped).toBe(true);
    expect(await settlesWithin(pause, 100)).toBe(true);
  });
});

describe('parseFleetArgs', () => {
  it('reads the pairs, the processes, the instances and --ceiling in any order', () => {
    expect(parseFleetArgs([])).toEqual({ pairs: null, processes: null, instances: null, ceiling: false });
    expect(parseFleetArgs(['--processes', '2', '200000', '--ceiling'])).toEqual({
      pairs: 200_000,
      processes: 2,
      instances: null,
      ceiling: true,
    });
    expect(parseFleetArgs(['--instances', '2'])).toMatchObject({ instances: 2, processes: null });
  });

  it('names what it cannot read', () => {
    expect(() => parseFleetArgs(['--processes'])).toThrow(/--processes needs a whole number from 1 to 64 \(got nothing\)/);
    expect(() => parseFleetArgs(['--instances', '0'])).toThrow(/--instances needs a whole number/);
    expect(() => parseFleetArgs(['--proceses', '2'])).toThrow(/does not know --proceses/);
  });
});

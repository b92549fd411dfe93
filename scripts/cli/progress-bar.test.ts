import { describe, expect, it } from 'vitest';
import { renderProgressLine } from './progress-bar';

describe('renderProgressLine', () => {
  it('shows the share done, the rate and the time left', () => {
    expect(renderProgressLine({ label: 'import', done: 50, total: 100, records: 100_000, elapsedMs: 2000 }, 10)).toBe(
      'import [#####.....]  50%  100,000 records  50,000/s  ETA 0:02',
    );
  });

  it('has no ETA before anything is done', () => {
    expect(renderProgressLine({ label: 'import', done: 0, total: 100, records: 0, elapsedMs: 0 }, 4)).toBe(
      'import [....]   0%  0 records  0/s  ETA --:--',
    );
  });
});

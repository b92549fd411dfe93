import { describe, expect, it } from 'vitest';
import { benchArgs, parsePairs } from './bench-args';

describe('benchArgs (the data benchmarks’ shared options)', () => {
  it('reads the size as a positional or --pairs, with separators, else the default', () => {
    expect(benchArgs([], 1_000_000).pairs).toBe(1_000_000);
    expect(benchArgs(['250000'], 1_000_000).pairs).toBe(250_000);
    expect(benchArgs(['--pairs', '10_000_000'], 1_000_000).pairs).toBe(10_000_000);
    expect(benchArgs(['--pairs=2,000,000', '--hf'], 1_000_000)).toMatchObject({ pairs: 2_000_000, keep: undefined });
  });

  it('reads --keep and leaves other flags to the benchmark', () => {
    const args = benchArgs(['--keep', '/tmp/ten-million', '--hf', '--seed', '7'], 1_000_000);
    expect(args.keep).toBe('/tmp/ten-million');
    expect(args.values.hf).toBe(true);
  });

  it('refuses a size that is not a positive whole number, naming it', () => {
    expect(() => parsePairs('ten')).toThrow('"ten" is not a number of pairs');
    expect(() => parsePairs('0')).toThrow('"0"');
    expect(() => benchArgs(['--pairs', '1.5'], 1)).toThrow('"1.5"');
  });
});

/**
 * The options the data benchmarks share (bench:import, explore, export, dashboards, pages): the size
 * as `[pairs]` or `--pairs N` (digits, `_` or `,` allowed: `--pairs 10_000_000`), and `--keep DIR`,
 * which keeps the generated data in DIR and reuses it in the next run with the same DIR, so a
 * 10,000,000-pair set-up is paid once. Other options are left to each benchmark's own parser.
 */
import { parseArgs } from 'node:util';

export interface BenchArgs {
  pairs: number;
  keep: string | undefined;
  /** the flags and values the benchmark reads itself (strict: false) */
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** A pair count from the command line: a positive whole number, or an error naming the bad value. */
export function parsePairs(text: string): number {
  const n = Number(text.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`"${text}" is not a number of pairs (e.g. 1000000 or 10_000_000)`);
  return n;
}

export function benchArgs(argv: readonly string[], defaultPairs: number): BenchArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: false,
    options: { pairs: { type: 'string' }, keep: { type: 'string' } },
  });
  const given = typeof values.pairs === 'string' ? values.pairs : positionals.find((p) => /^[\d_,]+$/.test(p));
  return {
    pairs: given === undefined ? defaultPairs : parsePairs(given),
    keep: typeof values.keep === 'string' ? values.keep : undefined,
    values,
    positionals,
  };
}

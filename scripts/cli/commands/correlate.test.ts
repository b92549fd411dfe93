/**
 * The `paralens correlate` contract (docs/statistics.md#paralens-correlate). Expected values
 * from scipy's test suite (scipy/stats/tests/test_stats.py, TestPearsonr.test_basic_example:
 * R 3.6.2 cor.test gives r 0.6741998624632421, p 0.325800137536, CI (-0.814938968841,
 * 0.99230697523)).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runInMemory } from '../memory-io';
import { run } from './correlate';

const runCorrelate = (stdin: string, args: string[] = []) => runInMemory(run, args, stdin);

interface CorrelateOutput {
  pearson: number | null;
  spearman: number | null;
  kendall: number | null;
  n: number;
  pearsonCI: { low: number; high: number } | null;
  pValue: number | null;
  dropped: number;
  reasons: Record<string, string>;
}

describe('paralens correlate', () => {
  it('scipy test_basic_example (R cor.test): r, CI and p; contract keys present', async () => {
    const { code, stdout, stderr } = await runCorrelate(JSON.stringify({ x: [1, 2, 3, 4], y: [0, 1, 0.5, 1] }));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const output = JSON.parse(stdout) as CorrelateOutput;
    for (const key of ['pearson', 'spearman', 'kendall', 'n', 'pearsonCI', 'pValue']) expect(output).toHaveProperty(key);
    expect(output.pearson).toBeCloseTo(0.6741998624632421, 14);
    expect(output.pValue).toBeCloseTo(0.325800137536, 11);
    expect(output.pearsonCI?.low).toBeCloseTo(-0.814938968841, 11);
    expect(output.pearsonCI?.high).toBeCloseTo(0.99230697523, 10);
    expect(output.n).toBe(4);
  });

  it('null marks a missing value: the pair is dropped and counted', async () => {
    const { stdout } = await runCorrelate(JSON.stringify({ x: [1, 2, null, 3, 4], y: [0, 1, 7, 0.5, 1] }));
    const output = JSON.parse(stdout) as CorrelateOutput;
    expect(output.n).toBe(4);
    expect(output.dropped).toBe(1);
    expect(output.pearson).toBeCloseTo(0.6741998624632421, 14);
  });

  it('constant variable or n < 2: null values with reasons, exit 0', async () => {
    const constant = JSON.parse(
      (await runCorrelate(JSON.stringify({ x: [1, 1, 1, 1], y: [1, 2, 3, 4] }))).stdout,
    ) as CorrelateOutput;
    expect(constant).toMatchObject({ pearson: null, spearman: null, kendall: null, pearsonCI: null, pValue: null, n: 4 });
    expect(constant.reasons.pearson).toBe('x is constant');
    const one = JSON.parse((await runCorrelate(JSON.stringify({ x: [1], y: [2] }))).stdout) as CorrelateOutput;
    expect(one).toMatchObject({ pearson: null, n: 1 });
  });

  const invalid: [string, string][] = [
    ['not JSON', 'x=1,2'],
    ['missing y', JSON.stringify({ x: [1, 2] })],
    ['different lengths', JSON.stringify({ x: [1, 2, 3], y: [1, 2] })],
    ['text value', JSON.stringify({ x: [1, '2'], y: [1, 2] })],
    ['not an object', JSON.stringify([1, 2])],
  ];
  for (const [name, stdin] of invalid) {
    it(`invalid input (${name}): exit code 2 and one line on stderr`, async () => {
      const { code, stdout, stderr } = await runCorrelate(stdin);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^paralens correlate: [^\n]+\n$/);
    });
  }

  it('end to end: node scripts/paralens.mjs correlate', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const x = Array.from({ length: 5000 }, (_, i) => i % 97);
    const y = x.map((v, i) => v + (i % 13));
    const result = spawnSync(process.execPath, ['scripts/paralens.mjs', 'correlate'], {
      cwd: root,
      input: JSON.stringify({ x, y }),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as CorrelateOutput;
    expect(output.n).toBe(5000);
    expect(output.pearson).toBeGreaterThan(0.9);
  });
});

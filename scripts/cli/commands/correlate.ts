/**
 * `paralens correlate`: Pearson's r, Spearman's rho and Kendall's tau-b of two variables read
 * as JSON from standard input, with n, the Fisher z 95% interval and the two-sided
 * t-test p-value. Pure computation: never touches the database.
 *
 *   echo '{"x": [1,2,3,4], "y": [0,1,0.5,1]}' | paralens correlate
 *
 * Output keys (contract): pearson, spearman, kendall, n, pearsonCI ({low, high} or null),
 * pValue (of r). Additional keys: spearmanCI, spearmanPValue, dropped (pairs with a null)
 * and `reasons` (why each null is null). A null in x or y marks a missing value; such pairs
 * are dropped. Invalid input: one line on stderr, exit code 2.
 */
import { parseArgs } from 'node:util';
import { readAllText, type CliIo } from '../io';
import { computeCorrelationSummary, selectCompletePairs } from '@/lib/stats/correlation-summary';
import type { IntervalEstimate } from '@/lib/stats/fisher-z';
import type { Estimate } from '@/lib/stats/estimate';

const USAGE = `Usage: paralens correlate < input.json

Reads {"x": [...], "y": [...]} (numbers; null marks a missing value and drops the pair)
and writes {"pearson", "spearman", "kendall", "n", "pearsonCI", "pValue", ...} as JSON.

Options:
  -h, --help  show this help
`;

class InputError extends Error {}

function parseVariable(json: Record<string, unknown>, name: 'x' | 'y'): (number | null)[] {
  const values = json[name];
  if (!Array.isArray(values)) throw new InputError(`"${name}" must be an array of numbers`);
  return values.map((value: unknown, i) => {
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new InputError(`"${name}"[${i}] must be a finite number or null (got ${JSON.stringify(value) ?? typeof value})`);
    }
    return value;
  });
}

export function parseCorrelationInput(json: unknown): { x: (number | null)[]; y: (number | null)[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InputError('input must be a JSON object with "x" and "y"');
  }
  const record = json as Record<string, unknown>;
  const x = parseVariable(record, 'x');
  const y = parseVariable(record, 'y');
  if (x.length !== y.length) throw new InputError(`"x" has ${x.length} values but "y" has ${y.length}`);
  return { x, y };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let help = false;
  try {
    help = Boolean(parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, strict: true }).values.help);
  } catch (error) {
    io.stderr.write(`paralens correlate: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (help) {
    io.stdout.write(USAGE);
    return 0;
  }
  let input: { x: (number | null)[]; y: (number | null)[] };
  try {
    let json: unknown;
    try {
      json = JSON.parse(await readAllText(io.stdin));
    } catch {
      throw new InputError('standard input is not valid JSON');
    }
    input = parseCorrelationInput(json);
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr.write(`paralens correlate: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const pairs = selectCompletePairs(input.x, input.y);
  const summary = computeCorrelationSummary(pairs.x, pairs.y);
  const reasons: Record<string, string> = {};
  const valueOf = (key: string, estimate: Estimate): number | null => {
    if (estimate.value === null) reasons[key] = estimate.reason;
    return estimate.value;
  };
  const intervalOf = (key: string, estimate: IntervalEstimate): { low: number; high: number } | null => {
    if (estimate.interval === null) reasons[key] = estimate.reason;
    return estimate.interval;
  };
  const output = {
    pearson: valueOf('pearson', summary.pearson),
    spearman: valueOf('spearman', summary.spearman),
    kendall: valueOf('kendall', summary.kendall),
    n: summary.n,
    pearsonCI: intervalOf('pearsonCI', summary.pearsonCI),
    pValue: valueOf('pValue', summary.pearsonPValue),
    spearmanCI: intervalOf('spearmanCI', summary.spearmanCI),
    spearmanPValue: valueOf('spearmanPValue', summary.spearmanPValue),
    dropped: input.x.length - summary.n,
    reasons,
  };
  io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  return 0;
}

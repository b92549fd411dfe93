/**
 * `paralens agreement`: inter-annotator agreement of a rating matrix read as JSON from
 * standard input. Pure computation: never touches the database.
 *
 *   echo '{"ratings": [[1,2,3],[1,2,2]], "level": "ordinal"}' | paralens agreement [--bootstrap 1000] [--seed 1]
 *
 * Output keys (contract): krippendorffAlpha, fleissKappa, cohenKappa, cohenKappaLinear,
 * cohenKappaQuadratic, gwetAC1, percentAgreement (number or null), units, pairableValues;
 * with --bootstrap also `ci` ({low, high} or null per coefficient). Additional keys:
 * meanPairwiseAgreement, coders, level, `reasons` (why each null is null) and `bootstrap`
 * (resamples, seed, confidence). Invalid input: one line on stderr, exit code 2.
 */
import { parseArgs } from 'node:util';
import { readAllText, type CliIo } from '../io';
import {
  AGREEMENT_COEFFICIENTS,
  computeAgreementReport,
  computeAgreementReportWithBootstrap,
  type AgreementInput,
} from '@/lib/agreement/agreement-report';
import { DEFAULT_SEED } from '@/lib/agreement/bootstrap';
import { AgreementInputError, isMeasurementLevel, MEASUREMENT_LEVELS, type RatingValue } from '@/lib/agreement/rating-values';

export const description = 'Agreement coefficients (Krippendorff, Fleiss, Cohen, Gwet, percent) of JSON ratings on stdin';

const USAGE = `Usage: paralens agreement [--bootstrap N] [--seed S] < input.json

Reads {"ratings": [[...], ...], "level": "nominal"|"ordinal"|"interval"|"ratio", "categories": [...]}
from standard input: one row per coder, one column per unit, null for a missing rating;
"categories" (optional) is the ordered list of possible values.

Options:
  --bootstrap N  add percentile bootstrap 95% intervals from N resamples of the units
  --seed S       seed of the resampling (integer, default ${DEFAULT_SEED})
  -h, --help     show this help
`;

class UsageError extends Error {}


function isRatingCell(value: unknown): value is RatingValue | null {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

/** Validates the JSON shape; value-level checks (ragged rows, levels vs values) happen in lib/agreement. */
export function parseAgreementInput(json: unknown): AgreementInput {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new AgreementInputError('input must be a JSON object with "ratings" and "level"');
  }
  const { ratings, level, categories } = json as Record<string, unknown>;
  if (!Array.isArray(ratings) || ratings.length === 0) {
    throw new AgreementInputError('"ratings" must be a non-empty array with one row per coder');
  }
  const matrix = ratings.map((row: unknown, coder): (RatingValue | null)[] => {
    if (!Array.isArray(row)) throw new AgreementInputError(`"ratings" row ${coder} is not an array`);
    return row.map((cell: unknown, unit): RatingValue | null => {
      if (!isRatingCell(cell)) {
        throw new AgreementInputError(`"ratings"[${coder}][${unit}] must be a number, a string or null`);
      }
      return cell;
    });
  });
  if (!isMeasurementLevel(level)) {
    throw new AgreementInputError(`"level" must be one of ${MEASUREMENT_LEVELS.join(', ')} (got ${JSON.stringify(level) ?? 'nothing'})`);
  }
  if (categories === undefined) return { ratings: matrix, level };
  if (!Array.isArray(categories)) throw new AgreementInputError('"categories" must be an array of numbers or strings');
  const ordered = categories.map((category: unknown): RatingValue => {
    if (typeof category !== 'string' && typeof category !== 'number') {
      throw new AgreementInputError('"categories" must be an array of numbers or strings');
    }
    return category;
  });
  return { ratings: matrix, level, categories: ordered };
}

function parseInteger(name: string, text: string | undefined, minimum: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < minimum) {
    throw new UsageError(`--${name} must be an integer >= ${minimum} (got "${text}")`);
  }
  return value;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let options: { bootstrap?: string; seed?: string; help?: boolean };
  try {
    options = parseArgs({
      args,
      options: { bootstrap: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    io.stderr.write(`paralens agreement: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  try {
    const resamples = parseInteger('bootstrap', options.bootstrap, 1);
    const seed = parseInteger('seed', options.seed, Number.MIN_SAFE_INTEGER);
    let json: unknown;
    try {
      json = JSON.parse(await readAllText(io.stdin));
    } catch {
      throw new AgreementInputError('standard input is not valid JSON');
    }
    const input = parseAgreementInput(json);
    const output = resamples === undefined ? describeReport(input) : describeWithBootstrap(input, resamples, seed);
    io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof AgreementInputError || error instanceof UsageError) {
      io.stderr.write(`paralens agreement: ${error.message.replace(/\s+/g, ' ')}\n`);
      return 2;
    }
    throw error;
  }
}

type Output = Record<string, unknown> & { reasons: Record<string, string> };

function describeReport(input: AgreementInput, report = computeAgreementReport(input)): Output {
  const output: Output = { reasons: {} };
  for (const key of AGREEMENT_COEFFICIENTS) {
    const estimate = report.coefficients[key];
    output[key] = estimate.value;
    if (estimate.value === null) output.reasons[key] = estimate.reason;
  }
  const { reasons, ...coefficients } = output;
  return {
    ...coefficients,
    units: report.units,
    pairableValues: report.pairableValues,
    coders: report.coders,
    level: input.level,
    reasons,
  };
}

function describeWithBootstrap(input: AgreementInput, resamples: number, seed: number | undefined): Output {
  const { report, bootstrap } = computeAgreementReportWithBootstrap(input, { resamples, seed: seed ?? DEFAULT_SEED });
  const output = describeReport(input, report);
  const ci: Record<string, { low: number; high: number } | null> = {};
  for (const key of AGREEMENT_COEFFICIENTS) {
    const result = bootstrap.intervals[key];
    ci[key] = result.interval;
    if (result.interval === null) {
      if (report.coefficients[key].value !== null) output.reasons[`ci.${key}`] = result.reason;
    } else if (result.undefinedResamples > 0) {
      output.reasons[`ci.${key}`] =
        `undefined in ${result.undefinedResamples} of ${resamples} resamples; interval from the other ${resamples - result.undefinedResamples}`;
    }
  }
  const { reasons, ...rest } = output;
  return {
    ...rest,
    ci,
    bootstrap: { resamples: bootstrap.resamples, seed: bootstrap.seed, confidence: bootstrap.confidence, method: 'percentile, resampling units' },
    reasons,
  };
}

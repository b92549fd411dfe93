/**
 * `paralens agreement`: inter-annotator agreement of a rating matrix read as JSON from
 * standard input (pure computation: never touches the database), or, with --campaign, of a
 * campaign's answers as the dashboards and the API compute it (../campaign-agreement.ts).
 *
 *   echo '{"ratings": [[1,2,3],[1,2,2]], "level": "ordinal"}' | paralens agreement [--bootstrap 1000] [--seed 1]
 *   paralens agreement --campaign SLUG [--bootstrap 1000] [--seed 1] [--min-shared 10] [--merged]
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
import { DEFAULT_SEED } from '@/lib/agreement/bootstrap-intervals';
import { DEFAULT_MIN_SHARED_PAIRS } from '@/lib/dashboards/question-agreement';
import { AgreementInputError, isMeasurementLevel, MEASUREMENT_LEVELS, type RatingValue } from '@/lib/agreement/rating-values';

const USAGE = `Usage: paralens agreement [--bootstrap N] [--seed S] < input.json
       paralens agreement --campaign SLUG [--bootstrap N] [--seed S] [--min-shared N] [--merged]

Reads {"ratings": [[...], ...], "level": "nominal"|"ordinal"|"interval"|"ratio", "categories": [...]}
from standard input: one row per coder, one column per unit, null for a missing rating;
"categories" (optional) is the ordered list of possible values. Text values are trimmed.

Or vote counts, as PIT-2015 and the Twitter URL corpus publish them:
  {"votes": [[yes, no], ...], "categories": ["yes", "no"], "level": "nominal"}
one row per unit, one count per category ("categories" defaults to 0, 1, …; "level" to nominal).
Counts do not say who voted what, so the coefficients that pair coders (Cohen's kappa, mean
pairwise agreement) are null; Krippendorff's alpha, Fleiss' kappa, Gwet's AC1 and percent
agreement depend only on each unit's counts.

With --campaign, the campaign's answers instead (its slug or id; opens the database): per
question, what GET /api/v1/campaigns/{id}/agreement answers and the campaign's dashboard shows
(gold pairs and excluded annotators left out; Krippendorff's alpha at the question's level, Fleiss,
Cohen, Gwet, percent agreement, annotator pairs, reasons for what is undefined), as JSON.

Options:
  --campaign SLUG   a campaign's agreement instead of standard input
  --bootstrap N     add percentile bootstrap 95% intervals from N resamples of the units
                    (--campaign: default 1000, as the API; 0 for none)
  --seed S          seed of the resampling (integer, default ${DEFAULT_SEED})
  --min-shared N    --campaign: annotator pairs sharing fewer rated pairs are left out of the
                    mean pairwise Cohen kappa (default 10)
  --merged          --campaign: relation questions with forward and reverse entailment merged
  -h, --help        show this help

Exit code 0 with the JSON on stdout, 1 for an unknown campaign, 2 for invalid input.
`;

class UsageError extends Error {}

function isRatingCell(value: unknown): value is RatingValue | null {
  return value === null || typeof value === 'string' || typeof value === 'number';
}

/** Coefficients that pair up coders: undefined for vote counts, which do not say who voted what. */
const CODER_PAIR_COEFFICIENTS = ['cohenKappa', 'cohenKappaLinear', 'cohenKappaQuadratic', 'meanPairwiseAgreement'] as const;
const VOTES_REASON = 'vote counts do not say which coder gave which label';

export type ParsedAgreementInput = AgreementInput & { fromVotes?: boolean };

/**
 * Vote counts → a rating matrix with the same counts per unit: unit u gets votes[u][j] ratings of
 * category j, given to coders 0, 1, … in turn (null where a unit has fewer votes than the most).
 * Every coefficient that reads only each unit's counts is then exact.
 */
export function votesToRatings(
  votes: unknown,
  categories: readonly RatingValue[] | undefined,
): { ratings: (RatingValue | null)[][]; categories: RatingValue[] } {
  if (!Array.isArray(votes) || votes.length === 0)
    throw new AgreementInputError('"votes" must be a non-empty array with one row of counts per unit');
  const width = Array.isArray(votes[0]) ? votes[0].length : 0;
  if (width < 2) throw new AgreementInputError('"votes" rows need a count for each of at least two categories');
  const labels = categories ?? Array.from({ length: width }, (_, j) => j);
  if (labels.length !== width)
    throw new AgreementInputError(`"categories" has ${labels.length} values but the vote rows have ${width} counts`);
  const rows = votes.map((row: unknown, unit) => {
    if (!Array.isArray(row) || row.length !== width) throw new AgreementInputError(`"votes"[${unit}] must have ${width} counts`);
    return row.map((count: unknown, j) => {
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 10_000) {
        throw new AgreementInputError(`"votes"[${unit}][${j}] must be a whole number of votes`);
      }
      return count;
    });
  });
  const coders = Math.max(...rows.map((r) => r.reduce((a, b) => a + b, 0)));
  const ratings = Array.from({ length: coders }, () => new Array<RatingValue | null>(rows.length).fill(null));
  rows.forEach((row, unit) => {
    let coder = 0;
    row.forEach((count, j) => {
      for (let k = 0; k < count; k++) ratings[coder++]![unit] = labels[j]!;
    });
  });
  return { ratings, categories: [...labels] };
}

function parseCategories(categories: unknown): RatingValue[] | undefined {
  if (categories === undefined) return undefined;
  if (!Array.isArray(categories)) throw new AgreementInputError('"categories" must be an array of numbers or strings');
  return categories.map((category: unknown): RatingValue => {
    if (typeof category !== 'string' && typeof category !== 'number') {
      throw new AgreementInputError('"categories" must be an array of numbers or strings');
    }
    return typeof category === 'string' ? category.trim() : category;
  });
}

/** Validates the JSON shape; value-level checks (ragged rows, levels vs values) happen in lib/agreement. */
export function parseAgreementInput(json: unknown): ParsedAgreementInput {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new AgreementInputError('input must be a JSON object with "ratings" (or "votes") and "level"');
  }
  const { ratings, votes, level, categories } = json as Record<string, unknown>;
  if (votes !== undefined) {
    if (ratings !== undefined) throw new AgreementInputError('give "ratings" or "votes", not both');
    const chosen = level ?? 'nominal';
    if (!isMeasurementLevel(chosen))
      throw new AgreementInputError(`"level" must be one of ${MEASUREMENT_LEVELS.join(', ')} (got ${JSON.stringify(level)})`);
    return { ...votesToRatings(votes, parseCategories(categories)), level: chosen, fromVotes: true };
  }
  if (!Array.isArray(ratings) || ratings.length === 0) {
    throw new AgreementInputError('"ratings" must be a non-empty array with one row per coder');
  }
  const matrix = ratings.map((row: unknown, coder): (RatingValue | null)[] => {
    if (!Array.isArray(row)) throw new AgreementInputError(`"ratings" row ${coder} is not an array`);
    return row.map((cell: unknown, unit): RatingValue | null => {
      if (!isRatingCell(cell)) {
        throw new AgreementInputError(`"ratings"[${coder}][${unit}] must be a number, a string or null`);
      }
      // Labels are compared trimmed, as every import of answers does (" yes" is "yes").
      return typeof cell === 'string' ? cell.trim() : cell;
    });
  });
  if (!isMeasurementLevel(level)) {
    throw new AgreementInputError(
      `"level" must be one of ${MEASUREMENT_LEVELS.join(', ')} (got ${JSON.stringify(level) ?? 'nothing'})`,
    );
  }
  const ordered = parseCategories(categories);
  return ordered === undefined ? { ratings: matrix, level } : { ratings: matrix, level, categories: ordered };
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
  let options: { bootstrap?: string; seed?: string; help?: boolean; campaign?: string; 'min-shared'?: string; merged?: boolean };
  try {
    options = parseArgs({
      args,
      options: {
        bootstrap: { type: 'string' },
        seed: { type: 'string' },
        campaign: { type: 'string' },
        'min-shared': { type: 'string' },
        merged: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
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
  if (options.campaign !== undefined) return runCampaign(options.campaign, options, io);
  if (options['min-shared'] !== undefined || options.merged) {
    io.stderr.write('paralens agreement: --min-shared and --merged go with --campaign\n');
    return 2;
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

async function runCampaign(
  campaign: string,
  options: { bootstrap?: string; seed?: string; 'min-shared'?: string; merged?: boolean },
  io: CliIo,
): Promise<number> {
  let numbers;
  try {
    if (campaign.trim() === '') throw new UsageError('--campaign needs the slug or id of a campaign');
    numbers = {
      bootstrap: parseInteger('bootstrap', options.bootstrap, 0) ?? 1000,
      seed: parseInteger('seed', options.seed, 0) ?? DEFAULT_SEED,
      minShared: parseInteger('min-shared', options['min-shared'], 1) ?? DEFAULT_MIN_SHARED_PAIRS,
    };
    if (numbers.bootstrap > 10_000) throw new UsageError(`--bootstrap must be at most 10000 (got ${numbers.bootstrap})`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`paralens agreement: ${error.message}\n`);
    return 2;
  }
  // the database layer is loaded only here: the stdin form stays a pure computation
  const { printCampaignAgreement } = await import('../campaign-agreement');
  return printCampaignAgreement({ campaign: campaign.trim(), merged: Boolean(options.merged), ...numbers }, io);
}

type Output = Record<string, unknown> & { reasons: Record<string, string> };

function describeReport(input: ParsedAgreementInput, report = computeAgreementReport(input)): Output {
  const output: Output = { reasons: {} };
  for (const key of AGREEMENT_COEFFICIENTS) {
    const estimate =
      input.fromVotes && (CODER_PAIR_COEFFICIENTS as readonly string[]).includes(key)
        ? { value: null, reason: VOTES_REASON }
        : report.coefficients[key];
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

function describeWithBootstrap(input: ParsedAgreementInput, resamples: number, seed: number | undefined): Output {
  const { report, bootstrap } = computeAgreementReportWithBootstrap(input, { resamples, seed: seed ?? DEFAULT_SEED });
  const output = describeReport(input, report);
  const ci: Record<string, { low: number; high: number } | null> = {};
  for (const key of AGREEMENT_COEFFICIENTS) {
    const result = bootstrap.intervals[key];
    if (input.fromVotes && (CODER_PAIR_COEFFICIENTS as readonly string[]).includes(key)) {
      ci[key] = null;
      continue;
    }
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
    bootstrap: {
      resamples: bootstrap.resamples,
      seed: bootstrap.seed,
      confidence: bootstrap.confidence,
      method: 'percentile, resampling units',
    },
    reasons,
  };
}

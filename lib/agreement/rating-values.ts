/**
 * Rating values, levels of measurement (Stevens 1946; Krippendorff 2011 sec. "metric
 * differences") and the ordered value domain every agreement coefficient works on.
 * The domain fixes two choices where libraries differ (documented in docs/statistics.md):
 * - the order of values: the caller's `categories` list if given, otherwise numbers
 *   ascending (ordered levels need numbers or a categories list, as in the Python
 *   `krippendorff` package's value_domain);
 * - which values exist: the categories if given (they count for Gwet's q and for Cohen's
 *   weight positions even when unused), otherwise the observed values.
 */

export type RatingValue = string | number;
export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';
export const MEASUREMENT_LEVELS: readonly MeasurementLevel[] = ['nominal', 'ordinal', 'interval', 'ratio'];

/** One row per coder, one column per unit; null marks a missing rating. */
export type RatingMatrix = ReadonlyArray<ReadonlyArray<RatingValue | null>>;

/** Invalid input (the CLI maps it to exit code 2); distinct from undefined results. */
export class AgreementInputError extends Error {
  override name = 'AgreementInputError';
}

export interface ValueDomain {
  /** Possible values in their order. */
  values: readonly RatingValue[];
  /** Numeric values for the interval and ratio metrics, else null. */
  numeric: Float64Array | null;
  indexOf: ReadonlyMap<RatingValue, number>;
}

export function isMeasurementLevel(level: unknown): level is MeasurementLevel {
  return typeof level === 'string' && (MEASUREMENT_LEVELS as readonly string[]).includes(level);
}

export function isOrderedLevel(level: MeasurementLevel): boolean {
  return level !== 'nominal';
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function checkValue(value: RatingValue, level: MeasurementLevel, hasCategories: boolean): void {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new AgreementInputError(`rating ${describeValue(value)} is not a finite number`);
  }
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw new AgreementInputError(`rating ${describeValue(value)} is neither a number nor a string`);
  }
  if ((level === 'interval' || level === 'ratio') && typeof value !== 'number') {
    throw new AgreementInputError(`non-numeric value ${describeValue(value)} at the ${level} level`);
  }
  if (level === 'ordinal' && !hasCategories && typeof value !== 'number') {
    throw new AgreementInputError(
      `non-numeric value ${describeValue(value)} at the ordinal level: give "categories" to order text values`,
    );
  }
  if (level === 'ratio' && typeof value === 'number' && value < 0) {
    throw new AgreementInputError(`negative value ${value} at the ratio level (a ratio scale starts at 0)`);
  }
}

/** Numbers ascending, then strings by code unit: a deterministic order for unordered data. */
function compareValues(a: RatingValue, b: RatingValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Builds the value domain from the observed values and the optional ordered categories.
 * Throws AgreementInputError for values the level cannot use or that are not in categories.
 */
export function buildValueDomain(
  observed: Iterable<RatingValue>,
  level: MeasurementLevel,
  categories?: readonly RatingValue[],
): ValueDomain {
  let values: RatingValue[];
  if (categories) {
    if (categories.length === 0) throw new AgreementInputError('categories must not be empty');
    const seen = new Set<RatingValue>();
    for (const category of categories) {
      checkValue(category, level, true);
      if (seen.has(category)) throw new AgreementInputError(`category ${describeValue(category)} is listed twice`);
      seen.add(category);
    }
    for (const value of observed) {
      if (!seen.has(value)) {
        checkValue(value, level, true);
        throw new AgreementInputError(`rating ${describeValue(value)} is not one of the categories`);
      }
    }
    values = [...categories];
  } else {
    const seen = new Set<RatingValue>();
    for (const value of observed) {
      if (seen.has(value)) continue;
      checkValue(value, level, false);
      seen.add(value);
    }
    values = [...seen].sort(compareValues);
  }
  const numeric = level === 'interval' || level === 'ratio' ? Float64Array.from(values, (v) => Number(v)) : null;
  return { values, numeric, indexOf: new Map(values.map((v, i) => [v, i])) };
}

/** Checks the coders x units shape: non-empty, rectangular, cells a number, a string or null. */
export function checkRatingMatrix(ratings: RatingMatrix): { coders: number; units: number } {
  if (ratings.length === 0) {
    throw new AgreementInputError('ratings must be a non-empty array with one row per coder');
  }
  const units = ratings[0]?.length ?? 0;
  if (units === 0) throw new AgreementInputError('ratings must have at least one unit (column)');
  ratings.forEach((row, coder) => {
    if (row.length !== units) {
      throw new AgreementInputError(`ratings is ragged: row ${coder} has ${row.length} units, row 0 has ${units}`);
    }
  });
  return { coders: ratings.length, units };
}

/** All non-missing ratings of a matrix, for building its domain. */
export function* listObservedValues(ratings: RatingMatrix): Generator<RatingValue> {
  for (const row of ratings) {
    for (const value of row) if (value !== null && value !== undefined) yield value;
  }
}

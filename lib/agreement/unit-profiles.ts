/**
 * Per-unit value counts, compressed. Every coefficient here depends on a unit only through
 * its ratings: which coder gave which value (a "pattern", needed by Cohen's kappa) or just how
 * many ratings of each value it has (a "profile", enough for Krippendorff's alpha, Fleiss'
 * kappa, Gwet's AC1 and percent agreement; Krippendorff 2011 builds the coincidence matrix
 * from exactly these counts). Units with equal patterns are stored once with a
 * multiplicity, so a bootstrap resample is a vector of multiplicities and 100,000 units
 * rated on a 5-point scale by 4 coders collapse to at most 6^4 patterns.
 */
import { AgreementInputError, type RatingMatrix, type RatingValue, type ValueDomain } from '@/lib/agreement/rating-values';

/** Distinct per-unit value-count profiles in a flat layout (entries of profile p are offsets[p]..offsets[p+1]). */
export interface UnitProfiles {
  valueCount: number;
  profileCount: number;
  offsets: Int32Array;
  entryValue: Int32Array;
  entryCount: Float64Array;
  /** Number of ratings in the profile (m_u in Krippendorff's notation). */
  size: Float64Array;
}

export interface UnitPatterns {
  coders: number;
  patternCount: number;
  /** codes[p * coders + c]: value index coder c gave in pattern p, or -1 if missing. */
  codes: Int32Array;
  /** Units showing each pattern. */
  multiplicity: Float64Array;
  /** Pattern of each unit that has at least one rating (the units a bootstrap resamples). */
  unitPattern: Int32Array;
  /** Columns of the matrix, including units nobody rated. */
  totalUnits: number;
}

/** Groups the units (columns) of a coders x units matrix by their full rating pattern. */
export function buildUnitPatterns(ratings: RatingMatrix, domain: ValueDomain): UnitPatterns {
  const coders = ratings.length;
  const totalUnits = ratings[0]?.length ?? 0;
  const base = domain.values.length + 1;
  // A numeric key is exact while base^coders stays below 2^53; beyond that, use strings.
  const numericKeys = Math.pow(base, coders) < Number.MAX_SAFE_INTEGER;
  const patternOf = new Map<number | string, number>();
  const codes: number[] = [];
  const multiplicity: number[] = [];
  const unitPattern: number[] = [];
  const unitCodes = new Int32Array(coders);
  for (let u = 0; u < totalUnits; u++) {
    let rated = 0;
    for (let c = 0; c < coders; c++) {
      const value = ratings[c]?.[u];
      const index = value === null || value === undefined ? -1 : domain.indexOf.get(value);
      if (index === undefined) throw new AgreementInputError(`rating ${String(value)} is outside the value domain`);
      unitCodes[c] = index;
      if (index >= 0) rated++;
    }
    if (rated === 0) continue;
    let key: number | string;
    if (numericKeys) {
      key = 0;
      for (let c = 0; c < coders; c++) key = key * base + (unitCodes[c] ?? -1) + 1;
    } else {
      key = unitCodes.join(',');
    }
    let pattern = patternOf.get(key);
    if (pattern === undefined) {
      pattern = multiplicity.length;
      patternOf.set(key, pattern);
      multiplicity.push(0);
      for (let c = 0; c < coders; c++) codes.push(unitCodes[c] ?? -1);
    }
    multiplicity[pattern] = (multiplicity[pattern] ?? 0) + 1;
    unitPattern.push(pattern);
  }
  return {
    coders,
    patternCount: multiplicity.length,
    codes: Int32Array.from(codes),
    multiplicity: Float64Array.from(multiplicity),
    unitPattern: Int32Array.from(unitPattern),
    totalUnits,
  };
}

class ProfileBuilder {
  private readonly keyToProfile = new Map<string, number>();
  private readonly offsets: number[] = [0];
  private readonly entryValue: number[] = [];
  private readonly entryCount: number[] = [];
  private readonly size: number[] = [];

  constructor(private readonly valueCount: number) {}

  /** Adds (or finds) the profile of sorted (value, count) entries with positive counts. */
  add(values: readonly number[], counts: readonly number[]): number {
    const key = values.map((v, i) => `${v}:${counts[i] ?? 0}`).join(',');
    const existing = this.keyToProfile.get(key);
    if (existing !== undefined) return existing;
    const id = this.size.length;
    this.keyToProfile.set(key, id);
    let total = 0;
    values.forEach((v, i) => {
      const count = counts[i] ?? 0;
      this.entryValue.push(v);
      this.entryCount.push(count);
      total += count;
    });
    this.offsets.push(this.entryValue.length);
    this.size.push(total);
    return id;
  }

  build(): UnitProfiles {
    return {
      valueCount: this.valueCount,
      profileCount: this.size.length,
      offsets: Int32Array.from(this.offsets),
      entryValue: Int32Array.from(this.entryValue),
      entryCount: Float64Array.from(this.entryCount),
      size: Float64Array.from(this.size),
    };
  }
}

/** The value-count profile of each pattern; `patternProfile[p]` maps a pattern to its profile. */
export function buildProfilesFromPatterns(
  patterns: UnitPatterns,
  valueCount: number,
): { profiles: UnitProfiles; patternProfile: Int32Array } {
  const builder = new ProfileBuilder(valueCount);
  const patternProfile = new Int32Array(patterns.patternCount);
  const { coders, codes } = patterns;
  for (let p = 0; p < patterns.patternCount; p++) {
    const sorted = Array.from(codes.subarray(p * coders, (p + 1) * coders))
      .filter((v) => v >= 0)
      .sort((a, b) => a - b);
    const values: number[] = [];
    const counts: number[] = [];
    for (const v of sorted) {
      if (values[values.length - 1] === v) counts[counts.length - 1] = (counts[counts.length - 1] ?? 0) + 1;
      else {
        values.push(v);
        counts.push(1);
      }
    }
    patternProfile[p] = builder.add(values, counts);
  }
  return { profiles: builder.build(), patternProfile };
}

/**
 * Profiles from per-unit value counts (e.g. aggregated in SQL: one map per unit from value to
 * the number of ratings with that value). `unitProfile[u]` is the profile of unit u.
 */
export function buildProfilesFromUnitCounts(
  units: ReadonlyArray<ReadonlyMap<RatingValue, number>>,
  domain: ValueDomain,
): { profiles: UnitProfiles; unitProfile: Int32Array } {
  const builder = new ProfileBuilder(domain.values.length);
  const unitProfile = new Int32Array(units.length);
  units.forEach((unit, u) => {
    const entries: [number, number][] = [];
    for (const [value, count] of unit) {
      if (!Number.isInteger(count) || count < 0) {
        throw new AgreementInputError(`unit ${u}: count ${count} for ${String(value)} is not a non-negative integer`);
      }
      const index = domain.indexOf.get(value);
      if (index === undefined) throw new AgreementInputError(`unit ${u}: value ${String(value)} is outside the value domain`);
      if (count > 0) entries.push([index, count]);
    }
    entries.sort((a, b) => a[0] - b[0]);
    unitProfile[u] = builder.add(
      entries.map((e) => e[0]),
      entries.map((e) => e[1]),
    );
  });
  return { profiles: builder.build(), unitProfile };
}

/** Adds weights of fine groups (patterns, units) into the coarser groups they map to. */
export function aggregateWeights(weights: ArrayLike<number>, groupOf: ArrayLike<number>, groupCount: number): Float64Array {
  const out = new Float64Array(groupCount);
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] ?? 0;
    if (w !== 0) {
      const g = groupOf[i] ?? 0;
      out[g] = (out[g] ?? 0) + w;
    }
  }
  return out;
}

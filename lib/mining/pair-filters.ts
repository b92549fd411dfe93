/**
 * The pair filters of Table 3 rows 7-9 (ParaphraseFilterMapper and its heuristics, seed-code.md
 * §4.8-4.9), as per-caption keys the SQL reduce compares: `fold` for "Unique candidates" and
 * "Divergent captions" (case-insensitive equality), `norm` for "Significant caption diff" (a pair
 * is near-identical when one normalised text contains the other; "" is contained in anything).
 * Also the pair order and id the original wrote: `first` is the case-insensitively larger text and
 * `id` is Java's hashCode of the lower-cased concatenation.
 */
import { javaCompareIgnoreCase, javaStringHash } from './wikitext/java-text';

/** Case fold for equality ("Divergent captions": equalsIgnoreCase). */
export function foldCaption(text: string): string {
  return text.toLowerCase();
}

/**
 * NearEqualityHeuristic's normal form: parenthesised spans (shortest match) removed, then every
 * non-word character, then lower case. paper: Java's ASCII `\W` (so non-ASCII letters vanish too);
 * fixed: letters and digits of any script are kept.
 */
export function nearEqualityForm(text: string, fixed: boolean): string {
  const stripped = text.replace(/\(.*?\)/g, '');
  return (fixed ? stripped.replace(/[^\p{L}\p{N}]+/gu, '') : stripped.replace(/\W+/g, '')).toLowerCase();
}

/** True when the pair survives the near-duplicate filter. */
export function isSignificantlyDifferent(normA: string, normB: string): boolean {
  return !(normA.includes(normB) || normB.includes(normA));
}

export interface OrderedPair<T> {
  first: T;
  second: T;
  /** the original's 32-bit pair id (not unique) */
  id: number;
}

/** The original's pair order (`first` ≥ `second`, ignoring case) and id. */
export function orderPair<T>(a: T, b: T, text: (side: T) => string): OrderedPair<T> {
  const [first, second] = javaCompareIgnoreCase(text(a), text(b)) >= 0 ? [a, b] : [b, a];
  return { first, second, id: javaStringHash((text(first) + text(second)).toLowerCase()) };
}

/**
 * Word-level Levenshtein distance normalised by the longer token count (thesis sec. 4.9.1:
 * "This statement is true" / "This statement is false" -> 0.25). The stored value is the
 * normalised DISTANCE, as in the thesis and its Java implementation
 * (webis-de/eacl23-paraphrase-acquisition-from-image-captions, LevenshteinDistance.java):
 * 0 = identical token sequences, 1 = nothing in place. Insertions, deletions and substitutions
 * cost 1; tokens are compared case-insensitively like that implementation. Both sides empty
 * gives null (0/0); one side empty gives 1. The edit distance itself comes from alignment.ts.
 */
import { alignSequences } from '@/lib/measures/alignment';
import { encodeTokenPair } from '@/lib/measures/token-ids';

/** Normalised distance from the edit distance and the two token counts. */
export function normalizeEditDistance(editDistance: number, la: number, lb: number): number | null {
  const longer = Math.max(la, lb);
  return longer === 0 ? null : editDistance / longer;
}

/** Normalised word-level Levenshtein distance of two token arrays (case-insensitive). */
export function computeNormalizedLevenshtein(a: readonly string[], b: readonly string[]): number | null {
  const encoded = encodeTokenPair(
    a.map((t) => t.toLowerCase()),
    b.map((t) => t.toLowerCase()),
  );
  const { editDistance } = alignSequences(encoded.a, encoded.b, encoded.a, encoded.b, a.length, b.length, 1, new Int32Array(2));
  return normalizeEditDistance(editDistance, a.length, b.length);
}

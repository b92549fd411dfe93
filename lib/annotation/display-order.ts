/**
 * The order in which an annotator sees a pair's two texts. With randomised display (the default),
 * each annotator sees each pair in an order fixed by md5(campaignId ":" userId ":" pairId): the last
 * byte's lowest bit says "swapped" (b first). Reproducible, independent between annotators, and the
 * same as the SQL that stores it with the hold (lib/db/assignments.ts); a test checks the two agree.
 * Pure.
 */
import { createHash } from 'node:crypto';

export function isDisplaySwapped(randomise: boolean, campaignId: number, userId: number, pairId: number): boolean {
  if (!randomise) return false;
  const digest = createHash('md5').update(`${campaignId}:${userId}:${pairId}`).digest();
  return (digest[15]! & 1) === 1;
}

/** The texts in the order shown: [first, second]. */
export function textsInDisplayOrder<T>(a: T, b: T, swapped: boolean): [T, T] {
  return swapped ? [b, a] : [a, b];
}

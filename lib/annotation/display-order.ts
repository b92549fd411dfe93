/**
 * The order in which an annotator sees a pair's two texts. With randomised display (the default),
 * each annotator sees each pair in an order fixed by md5(campaignId ":" userId ":" pairId): the last
 * byte's lowest bit says "swapped" (b first). Reproducible, independent between annotators, and the
 * same as the SQL that stores it with the hold (lib/db/campaigns/assignments.ts); a test checks the two agree.
 * A pair whose two texts are the same text is never swapped: forward and reverse mean the
 * same there, and a swap would turn two annotators' identical `f` into different stored answers.
 * Pure.
 */
import { createHash } from 'node:crypto';

/**
 * Whether the texts are shown b first. `texts`: the pair's stored texts (a, b), when known; equal
 * texts are never swapped.
 */
export function isDisplaySwapped(
  randomise: boolean,
  campaignId: number,
  userId: number,
  pairId: number,
  texts?: readonly [string, string],
): boolean {
  if (!randomise || (texts && texts[0] === texts[1])) return false;
  const digest = createHash('md5').update(`${campaignId}:${userId}:${pairId}`).digest();
  return (digest[15]! & 1) === 1;
}

/** The texts in the order shown: [first, second]. */
export function textsInDisplayOrder<T>(a: T, b: T, swapped: boolean): [T, T] {
  return swapped ? [b, a] : [a, b];
}

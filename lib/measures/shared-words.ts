/**
 * What two texts share, for reading them side by side (the pair page and adjudication; never the
 * annotators' workbench, where it would steer the syntactic rating): the words of one longest common
 * subsequence (the alignment ROUGE-L counts) and the other words found in both texts. Words are runs
 * of letters and digits in any script, compared case-folded (NFC, lower case): close to ROUGE's
 * tokens on English text, and meaningful in any language. Each text comes back as segments of its
 * own characters, so nothing of it is changed or lost. Pure.
 */

export type SharedMark = 'lcs' | 'common';

export interface TextSegment {
  text: string;
  mark: SharedMark | null;
}

export interface SharedWords {
  a: TextSegment[];
  b: TextSegment[];
  /** words in the common subsequence */
  lcs: number;
  /** words of A found anywhere in B, the subsequence's included */
  commonA: number;
}

interface Word {
  start: number;
  end: number;
  key: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Above this many words in either text, only the common words are marked (the subsequence's table would be large). */
export const MAX_ALIGNED_WORDS = 2000;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    key: m[0].normalize('NFC').toLowerCase(),
  }));
}

/** Indexes (in a, in b) of one longest common subsequence of the two key lists, in order. */
export function longestCommonSubsequence(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  // lengths of the LCS of the suffixes a[i..], b[j..]: walked forward from (0, 0) afterwards
  const table = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

function segmentsOf(text: string, words: readonly Word[], marks: ReadonlyArray<SharedMark | null>): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (part: string, mark: SharedMark | null) => {
    if (part === '') return;
    const last = segments.at(-1);
    if (last && last.mark === mark) last.text += part;
    else segments.push({ text: part, mark });
  };
  let at = 0;
  words.forEach((w, i) => {
    const mark = marks[i] ?? null;
    const gap = text.slice(at, w.start);
    // the spaces between two words with the same mark belong to the run; other gaps stay unmarked
    push(gap, mark !== null && i > 0 && marks[i - 1] === mark && /^\s+$/u.test(gap) ? mark : null);
    push(text.slice(w.start, w.end), mark);
    at = w.end;
  });
  push(text.slice(at), null);
  return segments;
}

export function sharedWords(a: string, b: string): SharedWords {
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  const ka = wa.map((w) => w.key);
  const kb = wb.map((w) => w.key);
  const aligned = wa.length <= MAX_ALIGNED_WORDS && wb.length <= MAX_ALIGNED_WORDS ? longestCommonSubsequence(ka, kb) : [];
  const inA = new Set(ka);
  const inB = new Set(kb);
  const marksA: Array<SharedMark | null> = ka.map((k) => (inB.has(k) ? 'common' : null));
  const marksB: Array<SharedMark | null> = kb.map((k) => (inA.has(k) ? 'common' : null));
  for (const [i, j] of aligned) {
    marksA[i] = 'lcs';
    marksB[j] = 'lcs';
  }
  return {
    a: segmentsOf(a, wa, marksA),
    b: segmentsOf(b, wb, marksB),
    lcs: aligned.length,
    commonA: marksA.filter((m) => m !== null).length,
  };
}

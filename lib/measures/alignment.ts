/**
 * One dynamic-programming pass over the token grid of a pair that yields three things, so the
 * hot path walks the grid once instead of three times:
 * - the longest common subsequence length (ROUGE-L, rouge-score `_lcs_table`), on exact ids;
 * - the word-level edit distance (thesis sec. 4.9.1), on case-folded ids;
 * - for the LCP n-gram overlap (thesis eq. 4.3), the histogram of L_p over the start
 *   positions p of the shorter folded sequence (the first on a tie), where L_p is the length
 *   (capped at maxN) of the longest n-gram starting at p that also occurs in the other text.
 *   It uses common-suffix lengths: a[e-L+1..e] occurs in b iff the longest common suffix
 *   ending at e (over all ends in b) is at least L, and a match of length L implies one of
 *   length L-1 at the same start, so L_p is found by scanning L upwards.
 * Rolling rows in module-level buffers; nothing is allocated per pair.
 */

export interface AlignmentStats {
  lcs: number;
  editDistance: number;
}

let lcsPrevious = new Int32Array(64);
let lcsCurrent = new Int32Array(64);
let editPrevious = new Int32Array(64);
let editCurrent = new Int32Array(64);
let suffixPrevious = new Int32Array(64);
let suffixCurrent = new Int32Array(64);
let rowMax = new Int32Array(64);
let columnMax = new Int32Array(64);

function ensureCapacity(la: number, lb: number): void {
  if (lcsPrevious.length < lb + 1) {
    const size = Math.max(lb + 1, lcsPrevious.length * 2);
    lcsPrevious = new Int32Array(size);
    lcsCurrent = new Int32Array(size);
    editPrevious = new Int32Array(size);
    editCurrent = new Int32Array(size);
    suffixPrevious = new Int32Array(size);
    suffixCurrent = new Int32Array(size);
    columnMax = new Int32Array(size);
  }
  if (rowMax.length < la) rowMax = new Int32Array(Math.max(la, rowMax.length * 2));
}

/** Histogram of L_p from the per-end maxima of common-suffix lengths of the shorter side. */
function histogramMatchLengths(endMax: Int32Array, offset: number, length: number, maxN: number, counts: Int32Array): void {
  counts.fill(0, 0, maxN + 1);
  for (let p = 0; p < length; p += 1) {
    let matched = 0;
    while (matched < maxN && p + matched < length && endMax[offset + p + matched]! >= matched + 1) matched += 1;
    counts[matched]! += 1;
  }
}

/**
 * Aligns a/b (exact ids, for the LCS) and fa/fb (folded ids, for edit distance and LCP).
 * Writes the L_p histogram into `lcpCounts[0..maxN]`.
 */
export function alignSequences(
  a: Int32Array,
  b: Int32Array,
  fa: Int32Array,
  fb: Int32Array,
  la: number,
  lb: number,
  maxN: number,
  lcpCounts: Int32Array,
): AlignmentStats {
  ensureCapacity(la, lb);
  let lcsPrev = lcsPrevious;
  let lcsCur = lcsCurrent;
  let editPrev = editPrevious;
  let editCur = editCurrent;
  let sufPrev = suffixPrevious;
  let sufCur = suffixCurrent;
  for (let j = 0; j <= lb; j += 1) {
    lcsPrev[j] = 0;
    editPrev[j] = j;
    sufPrev[j] = 0;
  }
  columnMax.fill(0, 0, lb + 1);
  lcsCur[0] = 0;
  sufCur[0] = 0;
  for (let i = 1; i <= la; i += 1) {
    const x = a[i - 1];
    const fx = fa[i - 1];
    editCur[0] = i;
    let best = 0;
    for (let j = 1; j <= lb; j += 1) {
      if (x === b[j - 1]) {
        lcsCur[j] = lcsPrev[j - 1]! + 1;
      } else {
        const up = lcsPrev[j]!;
        const left = lcsCur[j - 1]!;
        lcsCur[j] = up > left ? up : left;
      }
      const same = fx === fb[j - 1];
      let edit = editPrev[j - 1]! + (same ? 0 : 1);
      const deletion = editPrev[j]! + 1;
      const insertion = editCur[j - 1]! + 1;
      if (deletion < edit) edit = deletion;
      if (insertion < edit) edit = insertion;
      editCur[j] = edit;
      let suffix = 0;
      if (same) {
        suffix = sufPrev[j - 1]! + 1;
        if (suffix > maxN) suffix = maxN;
        if (suffix > best) best = suffix;
        if (suffix > columnMax[j]!) columnMax[j] = suffix;
      }
      sufCur[j] = suffix;
    }
    rowMax[i - 1] = best;
    let swap = lcsPrev;
    lcsPrev = lcsCur;
    lcsCur = swap;
    swap = editPrev;
    editPrev = editCur;
    editCur = swap;
    swap = sufPrev;
    sufPrev = sufCur;
    sufCur = swap;
  }
  if (la <= lb) histogramMatchLengths(rowMax, 0, la, maxN, lcpCounts);
  else histogramMatchLengths(columnMax, 1, lb, maxN, lcpCounts);
  return { lcs: lcsPrev[lb]!, editDistance: editPrev[lb]! };
}

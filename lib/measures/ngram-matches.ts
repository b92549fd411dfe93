/**
 * Clipped n-gram match counts of two token-id sequences: for each order n, the size of the
 * multiset intersection of their n-grams, sum over n-grams g of min(count_a(g), count_b(g)).
 *
 * This one number per order feeds ROUGE-N (rouge-score `_score_ngrams`), BLEU's modified
 * precision numerator with one reference (NLTK `modified_precision`), the thesis's word n-gram
 * overlap (eq. 4.2) and Sumo's exclusive unigram links (eq. 4.6), so it is computed once per
 * pair. N-grams are numbered densely order by order: the key of an n-gram is the rank of its
 * (n-1)-gram prefix times the vocabulary size plus its last id, numbered through a directly
 * addressed table when keys are small (the usual case) or an open-addressing table otherwise,
 * so no strings or per-pair objects are allocated.
 */

const DIRECT_KEYS = 1 << 16;

class DenseKeyTable {
  private keys = new Float64Array(64);
  private values = new Int32Array(64);
  private stamps = new Int32Array(64);
  private generation = 0;
  private mask = 63;
  size = 0;

  reset(expectedKeys: number): void {
    let capacity = this.keys.length;
    while (capacity < expectedKeys * 2) capacity *= 2;
    if (capacity !== this.keys.length) {
      this.keys = new Float64Array(capacity);
      this.values = new Int32Array(capacity);
      this.stamps = new Int32Array(capacity);
      this.generation = 0;
      this.mask = capacity - 1;
    }
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    this.size = 0;
  }

  /** The dense number of `key` (an integer below 2^53), assigning the next one if new. */
  rank(key: number): number {
    const low = key >>> 0;
    const high = (key / 4294967296) >>> 0;
    let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
    h = (h ^ (h >>> 15)) & this.mask;
    for (;;) {
      if (this.stamps[h] !== this.generation) {
        this.stamps[h] = this.generation;
        this.keys[h] = key;
        this.values[h] = this.size;
        this.size += 1;
        return this.size - 1;
      }
      if (this.keys[h] === key) return this.values[h]!;
      h = (h + 1) & this.mask;
    }
  }
}

/** Dense numbering of small keys (< DIRECT_KEYS) by direct addressing with generation stamps. */
class DirectKeyTable {
  private readonly values = new Int32Array(DIRECT_KEYS);
  private readonly stamps = new Int32Array(DIRECT_KEYS);
  private generation = 0;
  size = 0;

  reset(_expectedKeys: number): void {
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    this.size = 0;
  }

  rank(key: number): number {
    if (this.stamps[key] !== this.generation) {
      this.stamps[key] = this.generation;
      this.values[key] = this.size;
      this.size += 1;
    }
    return this.values[key]!;
  }
}

const hashTable = new DenseKeyTable();
const directTable = new DirectKeyTable();
let rankA = new Int32Array(64);
let rankB = new Int32Array(64);
let counts = new Int32Array(64);

function ensureCapacity(la: number, lb: number, vocabulary: number): void {
  if (rankA.length < la) rankA = new Int32Array(Math.max(la, rankA.length * 2));
  if (rankB.length < lb) rankB = new Int32Array(Math.max(lb, rankB.length * 2));
  const needed = Math.max(vocabulary, la + lb);
  if (counts.length < needed) counts = new Int32Array(Math.max(needed, counts.length * 2));
}

function intersect(na: number, nb: number, distinct: number): number {
  for (let r = 0; r < distinct; r += 1) counts[r] = 0;
  for (let i = 0; i < na; i += 1) counts[rankA[i]!]! += 1;
  let matches = 0;
  for (let j = 0; j < nb; j += 1) {
    const r = rankB[j]!;
    if (counts[r]! > 0) {
      counts[r]! -= 1;
      matches += 1;
    }
  }
  return matches;
}

/**
 * Writes the clipped match count of order n into `out[n]` for n = 1..maxN (out[0] is unused).
 * `a` and `b` hold dense ids below `vocabulary`.
 */
export function countNgramMatches(
  a: Int32Array,
  la: number,
  b: Int32Array,
  lb: number,
  vocabulary: number,
  maxN: number,
  out: Int32Array,
): void {
  ensureCapacity(la, lb, vocabulary);
  for (let i = 0; i < la; i += 1) rankA[i] = a[i]!;
  for (let j = 0; j < lb; j += 1) rankB[j] = b[j]!;
  out[1] = intersect(la, lb, vocabulary);
  let distinct = vocabulary;
  for (let n = 2; n <= maxN; n += 1) {
    const na = la - n + 1;
    const nb = lb - n + 1;
    // No shared (n-1)-gram means no shared n-gram.
    if (na <= 0 || nb <= 0 || out[n - 1] === 0) {
      for (let k = n; k <= maxN; k += 1) out[k] = 0;
      return;
    }
    // Keys are below distinct * vocabulary.
    const table = distinct * vocabulary <= DIRECT_KEYS ? directTable : hashTable;
    table.reset(na + nb);
    for (let i = 0; i < na; i += 1) rankA[i] = table.rank(rankA[i]! * vocabulary + a[i + n - 1]!);
    for (let j = 0; j < nb; j += 1) rankB[j] = table.rank(rankB[j]! * vocabulary + b[j + n - 1]!);
    distinct = table.size;
    out[n] = intersect(na, nb, distinct);
  }
}

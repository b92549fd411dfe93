/**
 * Wu-Palmer similarity of two WordNet synsets (Wu & Palmer, ACL 1994), exactly as NLTK 3.8
 * computes it (`Synset.wup_similarity` with its defaults): the lowest common subsumer is the
 * common hypernym (or the synset itself) of greatest *minimum* depth, ties broken by NLTK name;
 * depth(LCS) = its maximum depth + 1; each synset's distance to the LCS is NLTK's
 * `shortest_path_distance`; wup = 2·depth / (len1 + len2 + 2·depth). Verbs have no single root,
 * so whenever a verb is involved a virtual root "*ROOT*" above every top synset is simulated, as
 * NLTK does (`simulate_root=True`). Hypernyms include instance hypernyms.
 *
 * One deliberate difference: a synset compared with itself scores 1, as Wu and Palmer define it.
 * NLTK can give less (dog.n.01 with itself: 0.929), because with the minimum-depth rule an
 * ancestor reached through a long branch (canine.n.02, min depth 12) outranks the synset itself
 * (min depth 8, through domestic_animal.n.01); synonyms sharing a synset would then not match fully.
 */
import type { WordNet } from '@/lib/measures/wordnet';

/** The simulated root above all top verb synsets (NLTK's fake synset "*ROOT*"). */
const ROOT = -1;
const ROOT_NAME = '*ROOT*';

/** A synset's ancestors (itself included) with their shortest hypernym distance, in BFS order. */
interface Ancestors {
  ids: Int32Array;
  distances: Int16Array;
  /** the greatest of the distances (NLTK's distance to the simulated root, less one) */
  farthest: number;
}

/**
 * Distances to one synset's ancestors, looked up by synset id in O(1): a slot counts only when its
 * stamp is the current one, so marking another synset's ancestors needs no clearing.
 */
class Marks {
  private readonly stamps: Int32Array;
  private readonly distances: Int16Array;
  private stamp = 0;

  constructor(size: number) {
    this.stamps = new Int32Array(size);
    this.distances = new Int16Array(size);
  }

  mark(ancestors: Ancestors): void {
    this.stamp += 1;
    if (this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    const { ids, distances } = ancestors;
    for (let k = 0; k < ids.length; k += 1) {
      this.stamps[ids[k]!] = this.stamp;
      this.distances[ids[k]!] = distances[k]!;
    }
  }

  /** distance of `id` from the marked synset, or -1 when it is not among its ancestors */
  distance(id: number): number {
    return this.stamps[id] === this.stamp ? this.distances[id]! : -1;
  }
}

export class WuPalmer {
  private readonly paths: Array<Ancestors | undefined> = [];
  private readonly minDepths: Int16Array;
  private readonly maxDepths: Int16Array;
  private readonly marksA: Marks;
  private readonly marksB: Marks;
  /** common subsumers of the synsets being compared: common[0 .. commonCount] */
  private common: Int32Array = new Int32Array(256);
  /** BFS scratch of ancestors(): the queue, each entry's distance, and the search stamp of each synset seen */
  private readonly queue: Int32Array;
  private readonly level: Int16Array;
  private readonly seen: Int32Array;
  private searches = 0;

  constructor(private readonly wordnet: WordNet) {
    this.minDepths = new Int16Array(wordnet.synsetCount).fill(-1);
    this.maxDepths = new Int16Array(wordnet.synsetCount).fill(-1);
    this.marksA = new Marks(wordnet.synsetCount);
    this.marksB = new Marks(wordnet.synsetCount);
    this.queue = new Int32Array(wordnet.synsetCount);
    this.level = new Int16Array(wordnet.synsetCount);
    this.seen = new Int32Array(wordnet.synsetCount);
  }

  /** shortest hypernym distance from a synset to each of its ancestors, itself included (BFS) */
  private ancestors(id: number): Ancestors {
    const known = this.paths[id];
    if (known) return known;
    const { hypernymStart, hypernymIds } = this.wordnet;
    // The BFS queue is the ancestors in order of discovery; a synset is seen when its stamp is this search's.
    const queue = this.queue;
    const level = this.level;
    this.searches += 1;
    queue[0] = id;
    level[0] = 0;
    this.seen[id] = this.searches;
    let size = 1;
    for (let head = 0; head < size; head += 1) {
      const s = queue[head]!;
      for (let k = hypernymStart[s]!; k < hypernymStart[s + 1]!; k += 1) {
        const h = hypernymIds[k]!;
        if (this.seen[h] === this.searches) continue;
        this.seen[h] = this.searches;
        queue[size] = h;
        level[size] = level[head]! + 1;
        size += 1;
      }
    }
    const ancestors = { ids: queue.slice(0, size), distances: level.slice(0, size), farthest: level[size - 1]! };
    this.paths[id] = ancestors;
    return ancestors;
  }

  private depth(id: number, table: Int16Array, pick: (a: number, b: number) => number): number {
    if (id === ROOT) return 0;
    const known = table[id]!;
    if (known >= 0) return known;
    const { hypernymStart, hypernymIds } = this.wordnet;
    const from = hypernymStart[id]!;
    const to = hypernymStart[id + 1]!;
    let value = 0;
    if (to > from) {
      value = this.depth(hypernymIds[from]!, table, pick);
      for (let k = from + 1; k < to; k += 1) value = pick(value, this.depth(hypernymIds[k]!, table, pick));
      value += 1;
    }
    table[id] = value;
    return value;
  }

  minDepth(id: number): number {
    return this.depth(id, this.minDepths, Math.min);
  }

  maxDepth(id: number): number {
    return this.depth(id, this.maxDepths, Math.max);
  }

  private nameOf(id: number): string {
    return id === ROOT ? ROOT_NAME : this.wordnet.name(id);
  }

  /**
   * NLTK `shortest_path_distance(x, subsumer, simulate_root)` for x whose ancestors are marked in
   * `marks`: the shortest way up from both to a shared ancestor (or to the simulated root).
   */
  private distanceToSubsumer(x: number, marks: Marks, subsumer: number, simulateRoot: boolean): number {
    if (x === subsumer) return 0;
    const farthestX = this.ancestors(x).farthest;
    if (subsumer === ROOT) return farthestX + 1;
    const up = this.ancestors(subsumer);
    let best = simulateRoot ? farthestX + 1 + up.farthest + 1 : Infinity;
    for (let k = 0; k < up.ids.length; k += 1) {
      const dx = marks.distance(up.ids[k]!);
      if (dx >= 0 && dx + up.distances[k]! < best) best = dx + up.distances[k]!;
    }
    return best;
  }

  /** minDepth with the known value read straight from the table (the hot path of compare) */
  private minDepthOf(id: number): number {
    if (id === ROOT) return 0;
    const known = this.minDepths[id]!;
    return known >= 0 ? known : this.minDepth(id);
  }

  /** marksA holds the ancestors of this synset (-2: none yet) */
  private markedA = -2;

  private markA(a: number): Ancestors {
    const ancestors = this.ancestors(a);
    if (this.markedA !== a) {
      this.marksA.mark(ancestors);
      this.markedA = a;
    }
    return ancestors;
  }

  /** wup(a, b) and wup(b, a) of compare, in that order */
  private forward = 0;
  private backward = 0;

  /** 2·depth / (len1 + len2) for the subsumer s of a (marked in marksA) and b (in marksB) */
  private valueFor(a: number, b: number, s: number, simulateRoot: boolean): number {
    const depth = (s === ROOT ? 0 : this.maxDepth(s)) + 1;
    const len1 = this.distanceToSubsumer(a, this.marksA, s, simulateRoot) + depth;
    const len2 = this.distanceToSubsumer(b, this.marksB, s, simulateRoot) + depth;
    return (2 * depth) / (len1 + len2);
  }

  /**
   * wup(a, b) into `forward` and wup(b, a) into `backward`, for a ≠ b, with a's ancestors marked
   * in marksA (markA); false when they share no subsumer. Both directions have the same common
   * subsumers and the same greatest minimum depth; they differ only in the subsumer picked: a
   * itself when it is among the deepest (b for wup(b, a)), otherwise the deepest of least NLTK
   * name, the same in both (names are unique). So one look at the ancestors serves both.
   */
  private compare(a: number, b: number, ancestorsA: Ancestors): boolean {
    const simulateRoot = this.wordnet.pos(a) !== 'n' || this.wordnet.pos(b) !== 'n';
    const marksB = this.marksB;
    marksB.mark(this.ancestors(b));
    if (this.common.length < ancestorsA.ids.length + 1) this.common = new Int32Array(2 * ancestorsA.ids.length + 1);
    const common = this.common;
    let count = 0;
    let deepest = -1;
    const ids = ancestorsA.ids;
    for (let k = 0; k < ids.length; k += 1) {
      const s = ids[k]!;
      if (marksB.distance(s) < 0) continue;
      common[count] = s;
      count += 1;
      const depth = this.minDepthOf(s);
      if (depth > deepest) deepest = depth;
    }
    if (simulateRoot) {
      common[count] = ROOT;
      count += 1;
      if (deepest < 0) deepest = 0;
    }
    if (count === 0) return false;
    let least = NaN;
    for (let k = 0; k < count; k += 1) {
      const s = common[k]!;
      if (this.minDepthOf(s) !== deepest) continue;
      if (Number.isNaN(least) || this.nameOf(s) < this.nameOf(least)) least = s;
    }
    const forwardSubsumer = marksB.distance(a) >= 0 && this.minDepthOf(a) === deepest ? a : least;
    const backwardSubsumer = this.marksA.distance(b) >= 0 && this.minDepthOf(b) === deepest ? b : least;
    this.forward = this.valueFor(a, b, forwardSubsumer, simulateRoot);
    this.backward = backwardSubsumer === forwardSubsumer ? this.forward : this.valueFor(a, b, backwardSubsumer, simulateRoot);
    return true;
  }

  /** wup(a, b) in (0, 1]; null when the synsets share no subsumer (cannot happen with a simulated root). */
  similarity(a: number, b: number): number | null {
    if (a === b) return 1;
    return this.compare(a, b, this.markA(a)) ? this.forward : null;
  }

  /**
   * The greatest wup(x, y) and the greatest wup(y, x) over x in xs and y in ys, raised into
   * best[0] and best[1] (a pair without subsumer counts 0); stops once both are 1.
   */
  raiseMaxima(xs: readonly number[], ys: readonly number[], best: Float64Array): void {
    for (const x of xs) {
      if (best[0] === 1 && best[1] === 1) return;
      const ancestorsX = this.markA(x);
      for (const y of ys) {
        if (x === y) {
          best[0] = 1;
          best[1] = 1;
          return;
        }
        if (!this.compare(x, y, ancestorsX)) continue;
        if (this.forward > best[0]!) best[0] = this.forward;
        if (this.backward > best[1]!) best[1] = this.backward;
      }
    }
  }
}

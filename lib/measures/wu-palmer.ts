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
  private readonly memo = new Map<number, number>();
  private readonly marksA: Marks;
  private readonly marksB: Marks;
  private readonly common: number[] = [];

  constructor(private readonly wordnet: WordNet) {
    this.minDepths = new Int16Array(wordnet.synsetCount).fill(-1);
    this.maxDepths = new Int16Array(wordnet.synsetCount).fill(-1);
    this.marksA = new Marks(wordnet.synsetCount);
    this.marksB = new Marks(wordnet.synsetCount);
  }

  /** shortest hypernym distance from a synset to each of its ancestors, itself included (BFS) */
  private ancestors(id: number): Ancestors {
    const known = this.paths[id];
    if (known) return known;
    const path = new Map([[id, 0]]);
    let frontier = [id];
    let depth = 0;
    while (frontier.length > 0) {
      depth += 1;
      const next: number[] = [];
      for (const s of frontier) {
        for (const h of this.wordnet.hypernyms(s)) {
          if (path.has(h)) continue;
          path.set(h, depth);
          next.push(h);
        }
      }
      frontier = next;
    }
    const ancestors = { ids: Int32Array.from(path.keys()), distances: Int16Array.from(path.values()), farthest: Math.max(...path.values()) };
    this.paths[id] = ancestors;
    return ancestors;
  }

  private depth(id: number, table: Int16Array, pick: (a: number, b: number) => number): number {
    if (id === ROOT) return 0;
    const known = table[id]!;
    if (known >= 0) return known;
    const hypernyms = this.wordnet.hypernyms(id);
    let value = 0;
    if (hypernyms.length > 0) {
      value = this.depth(hypernyms[0]!, table, pick);
      for (let k = 1; k < hypernyms.length; k += 1) value = pick(value, this.depth(hypernyms[k]!, table, pick));
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

  /** wup(a, b) in (0, 1]; null when the synsets share no subsumer (cannot happen with a simulated root). */
  similarity(a: number, b: number): number | null {
    if (a === b) return 1;
    const key = a * 131072 + b;
    const cached = this.memo.get(key);
    if (cached !== undefined) return cached;
    const simulateRoot = this.wordnet.pos(a) !== 'n' || this.wordnet.pos(b) !== 'n';
    const ancestorsA = this.ancestors(a);
    this.marksA.mark(ancestorsA);
    this.marksB.mark(this.ancestors(b));
    // Common subsumers in the order of a's ancestors (then the simulated root); the lowest are
    // those of greatest minimum depth, the first of them by NLTK name wins (a itself before all).
    const common = this.common;
    common.length = 0;
    let deepest = -1;
    for (const s of ancestorsA.ids) {
      if (this.marksB.distance(s) < 0) continue;
      common.push(s);
      deepest = Math.max(deepest, this.minDepth(s));
    }
    if (simulateRoot) {
      common.push(ROOT);
      deepest = Math.max(deepest, 0);
    }
    if (common.length === 0) return null;
    let subsumer = NaN;
    for (const s of common) {
      if (this.minDepth(s) !== deepest) continue;
      if (s === a) {
        subsumer = a;
        break;
      }
      if (Number.isNaN(subsumer) || this.nameOf(s) < this.nameOf(subsumer)) subsumer = s;
    }
    const depth = (subsumer === ROOT ? 0 : this.maxDepth(subsumer)) + 1;
    const len1 = this.distanceToSubsumer(a, this.marksA, subsumer, simulateRoot) + depth;
    const len2 = this.distanceToSubsumer(b, this.marksB, subsumer, simulateRoot) + depth;
    const value = (2 * depth) / (len1 + len2);
    if (this.memo.size >= 2_000_000) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }
}

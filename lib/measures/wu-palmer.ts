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

export class WuPalmer {
  /** shortest hypernym distance from a synset to each of its ancestors, itself included (BFS) */
  private readonly paths = new Map<number, Map<number, number>>();
  private readonly farthest = new Map<number, number>();
  private readonly minDepths: Int16Array;
  private readonly maxDepths: Int16Array;
  private readonly memo = new Map<number, number>();

  constructor(private readonly wordnet: WordNet) {
    this.minDepths = new Int16Array(wordnet.synsetCount).fill(-1);
    this.maxDepths = new Int16Array(wordnet.synsetCount).fill(-1);
  }

  private ancestors(id: number): Map<number, number> {
    let path = this.paths.get(id);
    if (path) return path;
    path = new Map([[id, 0]]);
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
    this.paths.set(id, path);
    this.farthest.set(id, Math.max(...path.values()));
    return path;
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

  /** NLTK `shortest_path_distance(a, b, simulate_root)`. */
  private shortestPathDistance(a: number, b: number, simulateRoot: boolean): number {
    if (a === b) return 0;
    const pathA = this.pathWithRoot(a, simulateRoot);
    const pathB = this.pathWithRoot(b, simulateRoot);
    let best = Infinity;
    for (const [s, da] of pathA) {
      const db = pathB.get(s);
      if (db !== undefined && da + db < best) best = da + db;
    }
    return best;
  }

  private pathWithRoot(id: number, simulateRoot: boolean): Map<number, number> {
    if (id === ROOT) return new Map([[ROOT, 0]]);
    const path = this.ancestors(id);
    if (!simulateRoot) return path;
    return new Map([...path, [ROOT, this.farthest.get(id)! + 1]]);
  }

  /** wup(a, b) in (0, 1]; null when the synsets share no subsumer (cannot happen with a simulated root). */
  similarity(a: number, b: number): number | null {
    if (a === b) return 1;
    const key = a * 131072 + b;
    const cached = this.memo.get(key);
    if (cached !== undefined) return cached;
    const simulateRoot = this.wordnet.pos(a) !== 'n' || this.wordnet.pos(b) !== 'n';
    const ancestorsB = this.ancestors(b);
    const common: number[] = [];
    for (const s of this.ancestors(a).keys()) if (ancestorsB.has(s)) common.push(s);
    if (simulateRoot) common.push(ROOT);
    if (common.length === 0) return null;
    let deepest = -1;
    for (const s of common) deepest = Math.max(deepest, this.minDepth(s));
    const lowest = common.filter((s) => this.minDepth(s) === deepest);
    let subsumer = lowest[0]!;
    if (lowest.includes(a)) subsumer = a;
    else for (const s of lowest) if (this.nameOf(s) < this.nameOf(subsumer)) subsumer = s;
    const depth = (subsumer === ROOT ? 0 : this.maxDepth(subsumer)) + 1;
    const len1 = this.shortestPathDistance(a, subsumer, simulateRoot) + depth;
    const len2 = this.shortestPathDistance(b, subsumer, simulateRoot) + depth;
    const value = (2 * depth) / (len1 + len2);
    if (this.memo.size >= 2_000_000) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }
}

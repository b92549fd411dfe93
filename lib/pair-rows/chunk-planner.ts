/**
 * Decides, chunk by chunk, which pairs and texts of an import are new, so the database is asked as
 * little as possible and never has to wait for the importer between questions.
 *
 * plan(chunk) runs when a chunk is formed: pairs repeated inside the chunk are dropped (the first
 * counts), and the keys that may already be stored are listed for one lookup. A key needs a
 * lookup only if the Bloom filter of keys written so far says "maybe" (or there is no filter:
 * the corpus had rows before) and the recent-chunk window does not already know it.
 * decide(plan, answers) runs later, in chunk order, with the lookup answers and reserved text
 * ids; chunks decided between the two steps are seen through the window of recent decisions.
 * Pure: the database session (lib/db/imports/pair-import-session.ts) asks the questions.
 */
import type { UuidBloomFilter } from './bloom-filter';
import type { PreparedPair, PreparedText } from './prepare-pair';

export interface ChunkPlan {
  /** the chunk's pairs without in-chunk repeats, in file order */
  candidates: PreparedPair[];
  /** pairs in the chunk, repeats included */
  size: number;
  pairLookups: string[];
  textLookups: string[];
  /** image key → URL, for the image upsert */
  images: Map<string, string | null>;
  /** distinct texts of the chunk: an upper bound of the ids the decision may need */
  distinctTexts: number;
  /** what the window already knew when the chunk was planned */
  knownPairs: Set<string>;
  knownTextIds: Map<string, number>;
}

export interface LookupAnswers {
  existingPairs: ReadonlySet<string>;
  existingTextIds: ReadonlyMap<string, number>;
  /** fresh text ids, at least `distinctTexts` of them */
  reservedIds: readonly number[];
}

export interface ChunkDecision {
  newPairs: PreparedPair[];
  newTexts: Array<{ text: PreparedText; imageKey: string | null }>;
  textIds: Map<string, number>;
}

/**
 * Keys decided in the last chunks: one map each for lookups (the value carries the chunk number,
 * and for texts the id: chunk × 2^32 + id), per-chunk key lists for eviction.
 */
class RecentKeys {
  private readonly pairs = new Map<string, number>();
  private readonly texts = new Map<string, number>();
  private readonly chunks: Array<{ pairs: string[]; texts: string[] }> = [];
  private decided = 0;

  constructor(private readonly size: number) {}

  hasPair(key: string): boolean {
    return this.pairs.has(key);
  }

  textId(key: string): number | undefined {
    const entry = this.texts.get(key);
    return entry === undefined ? undefined : entry % 4294967296;
  }

  remember(pairs: string[], texts: Map<string, number>): void {
    const chunk = this.decided++;
    for (const key of pairs) this.pairs.set(key, chunk);
    const textKeys: string[] = [];
    for (const [key, id] of texts) {
      this.texts.set(key, chunk * 4294967296 + id);
      textKeys.push(key);
    }
    this.chunks.push({ pairs, texts: textKeys });
    if (this.chunks.length > this.size) {
      const old = this.chunks.shift()!;
      const oldChunk = chunk - this.size;
      // A key seen again in a later chunk stays (its entry carries the later chunk number).
      for (const key of old.pairs) if (this.pairs.get(key) === oldChunk) this.pairs.delete(key);
      for (const key of old.texts) if (Math.floor(this.texts.get(key)! / 4294967296) === oldChunk) this.texts.delete(key);
    }
  }
}

export class ChunkPlanner {
  private readonly recent: RecentKeys;

  /**
   * @param written keys written by this import, or null when every key must be looked up
   * @param windowChunks decided chunks remembered; must exceed the chunks that can be decided
   *   between a chunk's plan and its decision
   */
  constructor(
    private readonly written: UuidBloomFilter | null,
    windowChunks: number,
  ) {
    this.recent = new RecentKeys(windowChunks);
  }

  private mayBeStored(key: string): boolean {
    return this.written === null || this.written.mightContain(key);
  }

  plan(chunk: readonly PreparedPair[]): ChunkPlan {
    const seenPairs = new Set<string>();
    const seenTexts = new Set<string>();
    const plan: ChunkPlan = {
      candidates: [],
      size: chunk.length,
      pairLookups: [],
      textLookups: [],
      images: new Map(),
      distinctTexts: 0,
      knownPairs: new Set(),
      knownTextIds: new Map(),
    };
    for (const p of chunk) {
      if (seenPairs.has(p.pairKey)) continue;
      seenPairs.add(p.pairKey);
      plan.candidates.push(p);
      if (this.recent.hasPair(p.pairKey)) plan.knownPairs.add(p.pairKey);
      else if (this.mayBeStored(p.pairKey)) plan.pairLookups.push(p.pairKey);
      this.planText(p.a.key, seenTexts, plan);
      this.planText(p.b.key, seenTexts, plan);
      if (p.imageKey !== null && !plan.images.has(p.imageKey)) plan.images.set(p.imageKey, p.imageUrl);
    }
    plan.distinctTexts = seenTexts.size;
    return plan;
  }

  private planText(key: string, seen: Set<string>, plan: ChunkPlan): void {
    if (seen.has(key)) return;
    seen.add(key);
    const id = this.recent.textId(key);
    if (id !== undefined) plan.knownTextIds.set(key, id);
    else if (this.mayBeStored(key)) plan.textLookups.push(key);
  }

  decide(plan: ChunkPlan, answers: LookupAnswers): ChunkDecision {
    const decision: ChunkDecision = { newPairs: [], newTexts: [], textIds: new Map() };
    const newPairKeys: string[] = [];
    const newTextIds = new Map<string, number>();
    let nextId = 0;
    const idOf = (text: PreparedText, imageKey: string | null): number => {
      let id =
        decision.textIds.get(text.key) ??
        plan.knownTextIds.get(text.key) ??
        answers.existingTextIds.get(text.key) ??
        this.recent.textId(text.key);
      if (id === undefined) {
        id = answers.reservedIds[nextId++];
        if (id === undefined) throw new Error('not enough reserved text ids');
        decision.newTexts.push({ text, imageKey });
        newTextIds.set(text.key, id);
        this.written?.add(text.key);
      }
      decision.textIds.set(text.key, id);
      return id;
    };
    for (const p of plan.candidates) {
      if (plan.knownPairs.has(p.pairKey) || answers.existingPairs.has(p.pairKey) || this.recent.hasPair(p.pairKey)) continue;
      decision.newPairs.push(p);
      newPairKeys.push(p.pairKey);
      this.written?.add(p.pairKey);
      idOf(p.a, p.imageKey);
      idOf(p.b, p.imageKey);
    }
    this.recent.remember(newPairKeys, newTextIds);
    return decision;
  }
}

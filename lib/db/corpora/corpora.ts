/** Corpora: listing with pair counts (counted in SQL), lookup by slug, creation. */
import type { Db } from '../client';
import { explorerIndexNames } from '../pairs/explore-indexes';
import type { CorpusTier } from '../generated/enums';
import { uniqueSlug } from '@/lib/naming/slugify';
import { languageOfTokenizer } from '@/lib/measures/language-tokenize';
import { emptySummaryStats, ensureCorpusSummaries, refreshCorpusSummary, type Query } from './corpus-summary';

export interface CorpusSummary {
  id: number;
  name: string;
  slug: string;
  tier: CorpusTier;
  source: string | null;
  licence: string | null;
  attribution: string | null;
  description: string | null;
  /** ISO 639-1 */
  language: string;
  /** the tokenizer its measures used (lib/measures/language-tokenize.ts), null before the first import */
  measureTokenizer: string | null;
  pairCount: number;
  createdAt: Date;
  /** set while archived (hidden from lists and pickers) */
  archivedAt: Date | null;
}

/**
 * Pair counts come from the stored corpus summaries (lib/db/corpora/corpus-summary.ts), never from a scan.
 * Archived corpora are left out unless asked for.
 */
export async function listCorporaWithCounts(db: Db, options: { includeArchived?: boolean } = {}): Promise<CorpusSummary[]> {
  await ensureCorpusSummaries(db);
  const includeArchived = options.includeArchived ?? false;
  return db.$queryRaw<CorpusSummary[]>`
    SELECT c."id", c."name", c."slug", c."tier", c."source", c."licence", c."attribution",
           c."description", c."language", c."measureTokenizer", c."createdAt", c."archivedAt", COALESCE(s."pairs", 0)::int AS "pairCount"
    FROM "Corpus" c LEFT JOIN "CorpusSummary" s ON s."corpusId" = c."id"
    WHERE ${includeArchived} OR c."archivedAt" IS NULL
    ORDER BY c."name"`;
}

export async function getCorpusBySlug(db: Db, slug: string): Promise<CorpusSummary | null> {
  const rows = await db.$queryRaw<Array<CorpusSummary & { hasSummary: boolean }>>`
    SELECT c."id", c."name", c."slug", c."tier", c."source", c."licence", c."attribution",
           c."description", c."language", c."measureTokenizer", c."createdAt", c."archivedAt", COALESCE(s."pairs", 0)::int AS "pairCount", s."corpusId" IS NOT NULL AS "hasSummary"
    FROM "Corpus" c LEFT JOIN "CorpusSummary" s ON s."corpusId" = c."id" WHERE c."slug" = ${slug}`;
  const row = rows[0];
  if (!row) return null;
  const { hasSummary, ...corpus } = row;
  return hasSummary ? corpus : { ...corpus, pairCount: (await refreshCorpusSummary(db, corpus.id)).pairs };
}

export interface CreateCorpusData {
  name: string;
  slug: string;
  tier?: CorpusTier;
  source?: string | null;
  licence?: string | null;
  attribution?: string | null;
  description?: string | null;
  /** ISO 639-1 (default en) */
  language?: string;
  createdById?: number | null;
}

/** A new corpus with its (empty) summary row. */
export function createCorpus(db: Db, data: CreateCorpusData) {
  return db.corpus.create({
    data: { ...data, summary: { create: { stats: emptySummaryStats() } } },
    select: { id: true, name: true, slug: true },
  });
}

/** The user set the corpus language (ISO 639-1, checked by the caller). */
export async function setCorpusLanguage(db: Db, id: number, language: string): Promise<void> {
  await db.corpus.update({ where: { id }, data: { language } });
}

/**
 * The language detected from a corpus's first import (lib/language/detect.ts): set only when that
 * import holds every pair of the corpus, so a later import never overrides the first or the user.
 */
export async function setDetectedCorpusLanguage(db: Db, id: number, language: string, imported: number): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "Corpus" c SET "language" = ${language}, "updatedAt" = now()
    WHERE c."id" = ${id} AND (SELECT s."pairs" FROM "CorpusSummary" s WHERE s."corpusId" = c."id") = ${imported}`;
  return count === 1;
}

/** What an import needs to choose its tokenizer: the corpus language and the tokenizer its pairs already used. */
export function getCorpusMeasureTokenizer(db: Db, id: number) {
  return db.corpus.findUniqueOrThrow({ where: { id }, select: { language: true, measureTokenizer: true } });
}

/** The language a corpus's measures are for: its recorded tokenizer's, else the corpus language. */
export async function getCorpusMeasureLanguage(db: Db, id: number): Promise<string> {
  const corpus = await getCorpusMeasureTokenizer(db, id);
  return corpus.measureTokenizer ? languageOfTokenizer(corpus.measureTokenizer) : corpus.language;
}

/** slug → the language each corpus's measures are for (views say where English-only measures are empty). */
export async function listCorpusMeasureLanguages(db: Db): Promise<Map<string, string>> {
  const rows = await db.corpus.findMany({ select: { slug: true, language: true, measureTokenizer: true } });
  return new Map(rows.map((c) => [c.slug, c.measureTokenizer ? languageOfTokenizer(c.measureTokenizer) : c.language]));
}

/**
 * Records the tokenizer of a corpus's first import (lib/measures/language-tokenize.ts), in the
 * import's transaction; later imports reuse it, so every pair of a corpus is measured alike.
 */
export async function recordMeasureTokenizerWith(query: Query, id: number, tokenizer: string): Promise<void> {
  await query(`UPDATE "Corpus" SET "measureTokenizer" = $2 WHERE "id" = $1 AND "measureTokenizer" IS NULL`, [id, tokenizer]);
}

export function findCorpusByName(db: Db, name: string) {
  return db.corpus.findUnique({ where: { name }, select: { id: true, name: true, slug: true, tier: true } });
}

/**
 * The corpus a command line names: by its slug (as `paralens corpora` and the URLs show it), or
 * else by its name. Every CLI option that takes an existing corpus accepts either.
 */
export async function findCorpusByRef(db: Db, ref: string) {
  return (
    (await db.corpus.findUnique({ where: { slug: ref }, select: { id: true, name: true, slug: true, tier: true } })) ??
    (await findCorpusByName(db, ref))
  );
}

/** The corpus with this name, created (with a unique slug) when it does not exist yet. */
export async function ensureCorpus(
  db: Db,
  data: Omit<CreateCorpusData, 'slug'>,
): Promise<{ id: number; name: string; slug: string; created: boolean }> {
  const existing = await findCorpusByName(db, data.name);
  if (existing) return { ...existing, created: false };
  const slugs = new Set((await db.corpus.findMany({ select: { slug: true } })).map((c) => c.slug));
  const created = await createCorpus(db, { ...data, slug: uniqueSlug(data.name, (s) => slugs.has(s)) });
  return { ...created, created: true };
}

/** Deletes a corpus with everything in it (pairs, texts, its import jobs, its summary, its explorer indexes). */
export async function deleteCorpus(db: Db, id: number): Promise<void> {
  await db.corpus.delete({ where: { id } });
  for (const name of await explorerIndexNames(db, id)) await db.$executeRawUnsafe(`DROP INDEX IF EXISTS "${name}"`);
}

export interface CorpusListing {
  slug: string;
  name: string;
  tier: CorpusTier;
  pairs: number;
  texts: number;
  language: string;
  measureTokenizer: string | null;
  source: string | null;
  licence: string | null;
  attribution: string | null;
  description: string | null;
  archived: boolean;
}

/** The corpora for the read API, counts from their summaries (no scan); archived ones only when asked for. */
export async function listCorporaForApi(db: Db, includeArchived = false): Promise<CorpusListing[]> {
  await ensureCorpusSummaries(db);
  return db.$queryRaw<CorpusListing[]>`
    SELECT c."slug", c."name", c."tier", COALESCE(s."pairs", 0)::int AS "pairs", COALESCE(s."texts", 0)::int AS "texts",
           c."language", c."measureTokenizer", c."source", c."licence", c."attribution", c."description", c."archivedAt" IS NOT NULL AS "archived"
    FROM "Corpus" c LEFT JOIN "CorpusSummary" s ON s."corpusId" = c."id"
    WHERE ${includeArchived} OR c."archivedAt" IS NULL
    ORDER BY c."name"`;
}

/**
 * The text types (CAPTION, ALT_TEXT, SENTENCE) of each corpus, by id, as 100 of its texts show
 * (a corpus comes from imports of one format, so they speak for it; no scan of a large corpus).
 * Corpora without texts are left out. The 100 are the first by content key, read from the
 * (corpusId, contentKey) index: a bare LIMIT let PostgreSQL scan the whole Text table for a small
 * corpus beside a large one (10,000,000 pairs: 210 ms a page, issue 40).
 */
export async function listCorpusTextTypes(db: Db, corpusIds: readonly number[]): Promise<Map<number, string[]>> {
  if (corpusIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ id: number; types: string[] }>>`
    SELECT c."id", ARRAY(SELECT DISTINCT t."type"::text FROM (
             SELECT "type" FROM "Text" WHERE "corpusId" = c."id" ORDER BY "contentKey" LIMIT 100) t ORDER BY 1) AS "types"
    FROM "Corpus" c WHERE c."id" = ANY(${[...corpusIds]}::int[])`;
  return new Map(rows.filter((r) => r.types.length > 0).map((r) => [r.id, r.types]));
}

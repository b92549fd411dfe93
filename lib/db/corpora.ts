/** Corpora: listing with pair counts (counted in SQL), lookup by slug, creation. */
import type { Db } from './client';
import type { CorpusTier } from './generated/enums';
import { uniqueSlug } from '@/lib/naming/slugify';

export interface CorpusSummary {
  id: number;
  name: string;
  slug: string;
  tier: CorpusTier;
  source: string | null;
  licence: string | null;
  attribution: string | null;
  description: string | null;
  pairCount: number;
  createdAt: Date;
}

export function listCorporaWithCounts(db: Db): Promise<CorpusSummary[]> {
  return db.$queryRaw<CorpusSummary[]>`
    SELECT c."id", c."name", c."slug", c."tier", c."source", c."licence", c."attribution",
           c."description", c."createdAt", COALESCE(p."pairCount", 0)::int AS "pairCount"
    FROM "Corpus" c
    LEFT JOIN (SELECT "corpusId", count(*) AS "pairCount" FROM "Pair" GROUP BY "corpusId") p
      ON p."corpusId" = c."id"
    ORDER BY c."name"`;
}

export async function getCorpusBySlug(db: Db, slug: string): Promise<CorpusSummary | null> {
  const rows = await db.$queryRaw<CorpusSummary[]>`
    SELECT c."id", c."name", c."slug", c."tier", c."source", c."licence", c."attribution",
           c."description", c."createdAt", (SELECT count(*) FROM "Pair" p WHERE p."corpusId" = c."id")::int AS "pairCount"
    FROM "Corpus" c WHERE c."slug" = ${slug}`;
  return rows[0] ?? null;
}

export interface CreateCorpusData {
  name: string;
  slug: string;
  tier?: CorpusTier;
  source?: string | null;
  licence?: string | null;
  attribution?: string | null;
  description?: string | null;
  createdById?: number | null;
}

export function createCorpus(db: Db, data: CreateCorpusData) {
  return db.corpus.create({ data, select: { id: true, name: true, slug: true } });
}

export function findCorpusByName(db: Db, name: string) {
  return db.corpus.findUnique({ where: { name }, select: { id: true, name: true, slug: true, tier: true } });
}

/** The corpus with this name, created (with a unique slug) when it does not exist yet. */
export async function ensureCorpus(db: Db, data: Omit<CreateCorpusData, 'slug'>): Promise<{ id: number; name: string; slug: string; created: boolean }> {
  const existing = await findCorpusByName(db, data.name);
  if (existing) return { ...existing, created: false };
  const slugs = new Set((await db.corpus.findMany({ select: { slug: true } })).map((c) => c.slug));
  const created = await createCorpus(db, { ...data, slug: uniqueSlug(data.name, (s) => slugs.has(s)) });
  return { ...created, created: true };
}

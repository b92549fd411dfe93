/**
 * What deciding whether a corpus lacks measures needs (lib/services/scoring/complete-measures.ts): its semantic
 * set and measure language, the pairs with a value per measure from the stored summary (one row per
 * corpus: no scan of "Pair"), and its scoring jobs' state (few rows per corpus, by the
 * (corpusId, createdAt) index).
 */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import { languageOfTokenizer } from '@/lib/measures/language-tokenize';

export interface CompletionFacts {
  id: number;
  slug: string;
  name: string;
  archived: boolean;
  semMeasures: string[];
  /** the language the corpus's measures are for (its first import's tokenizer, else its language) */
  measureLanguage: string;
  pairs: number;
  /** pairs with a value, per measure key */
  withValue: Record<string, number>;
  /** a scoring job of the corpus is waiting or running */
  hasActiveJob: boolean;
  lastJobStatus: JobStatus | null;
}

interface Row {
  id: number;
  slug: string;
  name: string;
  archived: boolean;
  semMeasures: string[];
  language: string;
  measureTokenizer: string | null;
  pairs: number;
  measures: Record<string, { n?: number } | undefined> | null;
  hasActiveJob: boolean;
  lastJobStatus: JobStatus | null;
}

/** Every corpus (or the one `corpusId` names), by id. */
export async function listCompletionFacts(db: Db, corpusId: number | null = null): Promise<CompletionFacts[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT c."id", c."slug", c."name", c."archivedAt" IS NOT NULL AS "archived", c."semMeasures", c."language",
           c."measureTokenizer", coalesce(s."pairs", 0)::int AS "pairs", s."stats"->'all'->'measures' AS "measures",
           EXISTS (SELECT 1 FROM "ScoringJob" j WHERE j."corpusId" = c."id" AND j."status" IN ('QUEUED', 'RUNNING')) AS "hasActiveJob",
           (SELECT j."status" FROM "ScoringJob" j WHERE j."corpusId" = c."id" ORDER BY j."createdAt" DESC, j."id" DESC LIMIT 1) AS "lastJobStatus"
    FROM "Corpus" c LEFT JOIN "CorpusSummary" s ON s."corpusId" = c."id"
    WHERE ${corpusId}::int IS NULL OR c."id" = ${corpusId}::int
    ORDER BY c."id"`;
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    archived: r.archived,
    semMeasures: r.semMeasures,
    measureLanguage: r.measureTokenizer ? languageOfTokenizer(r.measureTokenizer) : r.language,
    pairs: r.pairs,
    withValue: Object.fromEntries(Object.entries(r.measures ?? {}).map(([k, v]) => [k, Number(v?.n ?? 0)])),
    hasActiveJob: r.hasActiveJob,
    lastJobStatus: r.lastJobStatus,
  }));
}

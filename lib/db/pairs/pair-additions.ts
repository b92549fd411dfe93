/**
 * Pairs created by `paralens import-annotations --add-pairs CORPUS`, inside the import's transaction
 * (lib/db/imports/annotation-import.ts): the named corpus, its companion "(reversed)" corpus for pairs the
 * corpus holds the other way round (lib/annotation/pair-additions.ts), what the two already hold,
 * and the new texts and pairs with every syntactic measure computed as an import computes them
 * (lib/pair-rows/prepare-added-pairs.ts; by the caller's preparer: the web server's runs on a
 * compute worker) and added to the corpus summary. Semantic measures follow with
 * `paralens score` or the corpus page's "Compute missing measures".
 */
import { AppError } from '@/lib/errors/app-error';
import { measureKeys, semanticMeasureKeys } from '@/lib/measures/catalog';
import { languageOfTokenizer, measureTokenizerId } from '@/lib/measures/language-tokenize';
import { prepareAddedPairsHere, type AddedPairsPreparer } from '@/lib/pair-rows/prepare-added-pairs';
import type { AddTarget, OccupiedOrders, PairToAdd } from '@/lib/annotation/pair-additions';
import { addToCorpusSummary, type Query } from '../corpora/corpus-summary';
import { recordMeasureTokenizerWith } from '../corpora/corpora';
import type { Queryable, SqlClient } from '../sql-pool';

export interface AdditionCorpus {
  id: number;
  name: string;
  slug: string;
  semMeasures: string[];
  language: string;
  measureTokenizer: string | null;
}

const corpusColumns = `"id", "name", "slug", "semMeasures", "language", "measureTokenizer"`;

/** The corpus named by `--add-pairs` (by slug), and its reversed companion when it exists. */
export async function findAdditionCorpora(
  client: SqlClient,
  ref: string,
): Promise<{ main: AdditionCorpus; reversed: AdditionCorpus | null }> {
  // The corpus by its slug, or else by its name (as every CLI option that takes a corpus).
  const named = await client.query<{ slug: string }>(
    `SELECT "slug" FROM "Corpus" WHERE "slug" = $1 OR "name" = $1 ORDER BY ("slug" = $1) DESC LIMIT 1`,
    [ref],
  );
  const slug = named.rows[0]?.slug;
  if (!slug) throw new AppError('NOT_FOUND', `--add-pairs: no corpus has the slug or name "${ref}"`);
  const { rows } = await client.query<AdditionCorpus>(`SELECT ${corpusColumns} FROM "Corpus" WHERE "slug" = ANY($1::text[])`, [
    [slug, reversedSlug(slug)],
  ]);
  const main = rows.find((r) => r.slug === slug)!;
  return { main, reversed: rows.find((r) => r.slug === reversedSlug(slug)) ?? null };
}

const reversedSlug = (slug: string) => `${slug}-reversed`;

/** Whether a corpus has this slug or name. */
export async function corpusExists(db: Queryable, ref: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM "Corpus" WHERE "slug" = $1 OR "name" = $1', [ref])).rowCount ?? 0) > 0;
}

/** The companion corpus for pairs stored the other way round: created with the main corpus's semantic set. */
export async function ensureReversedCorpus(client: SqlClient, main: AdditionCorpus): Promise<AdditionCorpus> {
  const { rows } = await client.query<AdditionCorpus>(
    `WITH made AS (
       INSERT INTO "Corpus" ("name", "slug", "semMeasures", "description", "updatedAt")
       VALUES ($1, $2, $3::text[], $4, now()) ON CONFLICT DO NOTHING RETURNING ${corpusColumns})
     SELECT ${corpusColumns} FROM made UNION ALL SELECT ${corpusColumns} FROM "Corpus" WHERE "slug" = $2`,
    [
      `${main.name} (reversed)`,
      reversedSlug(main.slug),
      main.semMeasures,
      `Pairs of ${main.name} labelled in the other direction too, stored in that order (paralens import-annotations --add-pairs).`,
    ],
  );
  if (!rows[0])
    throw new AppError(
      'CONFLICT',
      `--add-pairs: a corpus named "${main.name} (reversed)" exists with another slug than "${reversedSlug(main.slug)}"`,
    );
  return rows[0];
}

/** The stored order (first text) of every pair with these keys (lib/pair-rows/content-keys.ts) the two corpora already hold. */
export async function readOccupiedOrders(
  client: SqlClient,
  corpora: Partial<Record<AddTarget, number>>,
  pairKeys: ReadonlyArray<string | null>,
): Promise<OccupiedOrders> {
  const keys = [...new Set(pairKeys.filter((k) => k !== null))];
  const { rows } = await client.query<{ corpusId: number; pairKey: string; first: string }>(
    `SELECT p."corpusId", p."pairKey"::text, t."content" AS first FROM "Pair" p JOIN "Text" t ON t."id" = p."textAId"
     WHERE p."corpusId" = ANY($1::int[]) AND p."pairKey" = ANY($2::uuid[])`,
    [Object.values(corpora), keys],
  );
  const occupied: OccupiedOrders = new Map();
  for (const row of rows) {
    const target: AddTarget = row.corpusId === corpora.main ? 'main' : 'reversed';
    occupied.set(row.pairKey, { ...occupied.get(row.pairKey), [target]: row.first });
  }
  return occupied;
}

const queryOf =
  (client: SqlClient): Query =>
  async (sql, params) =>
    (await client.query<Record<string, unknown>>(sql, params)).rows;

/**
 * Creates the pairs (and the texts the corpus lacks) in one corpus, and adds them to its summary.
 * The advisory lock is the one imports take, so an import into the same corpus waits for this one.
 */
export async function insertAddedPairs(
  client: SqlClient,
  corpus: AdditionCorpus,
  pairs: readonly PairToAdd[],
  prepare: AddedPairsPreparer = prepareAddedPairsHere,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const semSet = semanticMeasureKeys.filter((k) => corpus.semMeasures.includes(k));
  const language = corpus.measureTokenizer ? languageOfTokenizer(corpus.measureTokenizer) : corpus.language;
  // The measures are the slow part (31,000 pairs: 1.3 s): the web server computes them on a worker.
  const prepared = await prepare({
    pairs: pairs.map(({ a, b, originalId, line }) => ({ a, b, originalId, line })),
    language,
    semSet,
  });
  await client.query('SELECT pg_advisory_xact_lock(7302, $1)', [corpus.id]);
  const { rows: used } = await client.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM "Text" WHERE "corpusId" = $1) AS used',
    [corpus.id],
  );
  // The corpus's pairs are measured alike: with the tokenizer its first pairs used (docs/metrics.md#tokenizers).
  await recordMeasureTokenizerWith(queryOf(client), corpus.id, measureTokenizerId(language));
  const { rows: added } = await client.query<{ n: number }>(
    `WITH t AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS t(key uuid, content text, words int)),
     made AS (
       INSERT INTO "Text" ("corpusId", "contentKey", "content", "type", "wordCount")
       SELECT $1, t.key, t.content, 'SENTENCE', t.words FROM t ON CONFLICT ("corpusId", "contentKey") DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [corpus.id, prepared.texts],
  );
  // Column names come from the measure catalogue, never from input; the texts are found by their keys.
  const measureColumns = measureKeys.map((k) => `"${k}"`).join(', ');
  const measureTypes = measureKeys.map((k) => `"${k}" float8`).join(', ');
  const { rowCount } = await client.query(
    `INSERT INTO "Pair" ("corpusId", "textAId", "textBId", "pairKey", "originalId", "lengthA", "lengthB", "semParts", ${measureColumns})
     SELECT $1, ta."id", tb."id", r.key, r."originalId", r."lengthA", r."lengthB", r."semParts", ${measureKeys.map((k) => `r."${k}"`).join(', ')}
     FROM jsonb_to_recordset($2::jsonb) AS r(a uuid, b uuid, key uuid, "originalId" text, "lengthA" int, "lengthB" int, "semParts" text[], ${measureTypes})
     JOIN "Text" ta ON ta."corpusId" = $1 AND ta."contentKey" = r.a
     JOIN "Text" tb ON tb."corpusId" = $1 AND tb."contentKey" = r.b`,
    [corpus.id, prepared.rows],
  );
  await addToCorpusSummary(
    queryOf(client),
    corpus.id,
    { pairs: prepared.pairs, texts: added[0]?.n ?? 0, sums: prepared.sums },
    !used[0]?.used,
  );
  return rowCount ?? 0;
}

/**
 * The explorer's per-corpus partial indexes (docs/decisions/006): for each measure a B-tree on
 * (measure, id), the reference label, both length bounds, and a pg_trgm GIN index on the corpus's
 * texts, each `WHERE "corpusId" = <id>`. Imports write no index of these (docs/decisions/003): an
 * index job builds them with CREATE INDEX CONCURRENTLY after the import has committed, so neither
 * the import nor readers of other corpora wait; the statements of lib/db/pairs/pair-query.ts name the
 * corpus as a literal, so the planner can use them. Runs on a plain pg connection outside any
 * transaction (CONCURRENTLY refuses transactions).
 */
import type pg from 'pg';
import { measureKeys } from '@/lib/measures/catalog';
import type { Db } from '../client';
import type { Queryable as PoolQueryable } from '../sql-pool';
import type { Database } from '../database';

type Queryable = PoolQueryable | pg.ClientBase;

export interface ExplorerIndex {
  name: string;
  create: string;
}

const prefix = (corpusId: number) => `explore_c${corpusId}_`;

/** Every explorer index of the corpus, in build order (the measures first: sorting needs them most). */
export function explorerIndexes(corpusId: number): ExplorerIndex[] {
  if (!Number.isSafeInteger(corpusId) || corpusId <= 0) throw new Error(`not a corpus id: ${corpusId}`);
  const where = `WHERE "corpusId" = ${corpusId}`;
  const pairIndex = (suffix: string, columns: string, include = '') => ({
    name: `${prefix(corpusId)}${suffix}`,
    create: `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${prefix(corpusId)}${suffix}" ON "Pair" (${columns})${include ? ` INCLUDE (${include})` : ''} ${where}`,
  });
  return [
    // The text ids ride along, so a text search sorted by a measure reads the index alone (index-only scan).
    ...measureKeys.map((k) => pairIndex(k.toLowerCase(), `"${k}", "id"`, '"textAId", "textBId"')),
    pairIndex('label', `"referenceLabel", "id"`),
    pairIndex('minlen', `LEAST("lengthA", "lengthB"), "id"`),
    pairIndex('maxlen', `GREATEST("lengthA", "lengthB"), "id"`),
    {
      name: `${prefix(corpusId)}texttype`,
      create: `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${prefix(corpusId)}texttype" ON "Text" ("type") ${where}`,
    },
    {
      name: `${prefix(corpusId)}trgm`,
      create: `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${prefix(corpusId)}trgm" ON "Text" USING gin ("content" gin_trgm_ops) ${where}`,
    },
  ];
}

/** The corpus's explorer indexes that exist, with whether each is usable (a failed concurrent build leaves an invalid one). */
export async function listExplorerIndexes(db: Queryable, corpusId: number): Promise<Array<{ name: string; valid: boolean }>> {
  const result = await db.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS "name", i.indisvalid AS "valid" FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
     WHERE starts_with(c.relname, $1) ORDER BY c.relname`,
    [prefix(corpusId)],
  );
  return result.rows;
}

/**
 * Builds the missing indexes one by one (an invalid leftover is dropped and built again), then
 * refreshes the planner's statistics. `onBuilt` after each, e.g. for the job's progress.
 */
export async function buildExplorerIndexes(
  db: Queryable,
  corpusId: number,
  onBuilt: (built: number, total: number) => Promise<void> = async () => {},
): Promise<number> {
  const wanted = explorerIndexes(corpusId);
  const existing = new Map((await listExplorerIndexes(db, corpusId)).map((i) => [i.name, i.valid]));
  let built = 0;
  for (const index of wanted) {
    if (existing.get(index.name) === false) await db.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
    if (existing.get(index.name) !== true) await db.query(index.create);
    built += 1;
    await onBuilt(built, wanted.length);
  }
  // Statistics for the planner, and the visibility map that index-only scans need.
  await db.query('VACUUM (ANALYZE) "Pair"');
  await db.query('VACUUM (ANALYZE) "Text"');
  return wanted.length;
}

/** The names of the corpus's explorer indexes that exist (through Prisma, for code that has no pg connection). */
export async function explorerIndexNames(db: Pick<Db, '$queryRaw'>, corpusId: number): Promise<string[]> {
  const rows = await db.$queryRaw<
    Array<{ name: string }>
  >`SELECT relname AS "name" FROM pg_class WHERE relkind = 'i' AND starts_with(relname, ${prefix(corpusId)})`;
  return rows.map((r) => r.name);
}

/** Drops the corpus's explorer indexes (a deleted corpus; or before a large import into it). */
export async function dropExplorerIndexes(db: Queryable, corpusId: number): Promise<void> {
  for (const index of await listExplorerIndexes(db, corpusId))
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
}

/** buildExplorerIndexes on a connection of its own to the handle's database (job processes). */
export async function buildExplorerIndexesAt(
  db: Database,
  corpusId: number,
  onBuilt?: (built: number, total: number) => Promise<void>,
): Promise<number> {
  const client = db.copyConnection();
  await client.connect();
  try {
    return await buildExplorerIndexes(client, corpusId, onBuilt);
  } finally {
    await client.end();
  }
}

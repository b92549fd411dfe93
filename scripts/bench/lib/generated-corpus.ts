/** A corpus of generated pairs (generated-pairs.ts) with its summary as an import leaves it, for the page benchmarks. */
import type pg from 'pg';
import type { Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { generatePairsSql } from './generated-pairs';

export async function createGeneratedCorpus(client: pg.Client, db: Db, pairs: number): Promise<{ id: number; slug: string }> {
  console.log(`Generating ${pairs.toLocaleString('en')} pairs in one corpus …`);
  const t = performance.now();
  const corpus = await client.query<{ id: number; slug: string }>(
    `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
  );
  const { id, slug } = corpus.rows[0]!;
  for (const sql of generatePairsSql(id, pairs)) await client.query(sql);
  await client.query('ANALYZE');
  await refreshCorpusSummary(db, id);
  console.log(`  ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { id, slug };
}

/**
 * The generated corpus a kept home (`--keep DIR`) already holds, or a new one. A kept corpus of
 * another size is refused, naming both sizes, rather than measured under the wrong label.
 */
export async function keptOrGeneratedCorpus(
  client: pg.Client,
  db: Db,
  pairs: number,
  home: string,
): Promise<{ id: number; slug: string }> {
  const kept = await client.query<{ id: number; slug: string; n: string }>(
    `SELECT c."id", c."slug", (SELECT count(*) FROM "Pair" p WHERE p."corpusId" = c."id") AS n FROM "Corpus" c WHERE c."slug" = 'generated'`,
  );
  const found = kept.rows[0];
  if (!found) return createGeneratedCorpus(client, db, pairs);
  if (Number(found.n) !== pairs)
    throw new Error(`${home} holds a generated corpus of ${found.n} pairs, not ${pairs}: use another --keep folder`);
  console.log(`Reusing the generated corpus of ${pairs.toLocaleString('en')} pairs in ${home}.`);
  return { id: found.id, slug: found.slug };
}

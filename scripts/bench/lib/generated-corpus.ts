/**
 * A corpus of generated pairs (generated-pairs.ts) with its summary as an import leaves it, for the
 * page benchmarks. A generation cut short resumes from its last whole chunk of pairs.
 */
import type pg from 'pg';
import type { Db } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { loadAverage } from './format';
import { PAIR_CHUNK, generatePairChunksSql, generateTextsSql } from './generated-pairs';

const corpusName = (pairs: number) => `Generated ${pairs}`;

export async function createGeneratedCorpus(client: pg.Client, db: Db, pairs: number): Promise<{ id: number; slug: string }> {
  const corpus = await client.query<{ id: number; slug: string }>(
    `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ($1, 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
    [corpusName(pairs)],
  );
  const { id, slug } = corpus.rows[0]!;
  await fillGeneratedCorpus(client, db, id, pairs, 0);
  return { id, slug };
}

/**
 * Generates pairs `have + 1` to `pairs` of a generated corpus (its texts first when it has none),
 * one committed chunk at a time with its time printed, then analyses the tables and stores the
 * corpus summary. The foreign keys are not checked row by row (`session_replication_role =
 * replica`): every text id comes from the corpus's own texts.
 */
async function fillGeneratedCorpus(client: pg.Client, db: Db, id: number, pairs: number, have: number): Promise<void> {
  const start = performance.now();
  console.log(
    have === 0
      ? `Generating ${pairs.toLocaleString('en')} pairs in one corpus … (${loadAverage()})`
      : `Resuming the generation of ${pairs.toLocaleString('en')} pairs after pair ${have.toLocaleString('en')} … (${loadAverage()})`,
  );
  const texts = await client.query<{ n: string }>('SELECT count(*) AS n FROM "Text" WHERE "corpusId" = $1', [id]);
  if (Number(texts.rows[0]!.n) === 0) await client.query(generateTextsSql(id, pairs));
  await client.query('SET session_replication_role = replica');
  try {
    let done = have;
    for (const sql of generatePairChunksSql(id, pairs, have + 1)) {
      const t = performance.now();
      await client.query(sql);
      done = Math.min(pairs, done + PAIR_CHUNK);
      if (pairs > PAIR_CHUNK)
        console.log(
          `  ${done.toLocaleString('en')} pairs (${((performance.now() - t) / 1000).toFixed(1)} s for the chunk; ${loadAverage()})`,
        );
    }
  } finally {
    await client.query('RESET session_replication_role');
  }
  await client.query('VACUUM ANALYZE');
  await refreshCorpusSummary(db, id);
  console.log(`  ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/**
 * The generated corpus a kept home (`--keep DIR`) already holds, or a new one. A kept generation of
 * this size that was cut short is resumed; a kept corpus of another size is refused, naming both
 * sizes, rather than measured under the wrong label.
 */
export async function keptOrGeneratedCorpus(
  client: pg.Client,
  db: Db,
  pairs: number,
  home: string,
): Promise<{ id: number; slug: string }> {
  const kept = await client.query<{ id: number; slug: string; name: string; n: string }>(
    `SELECT c."id", c."slug", c."name", (SELECT count(*) FROM "Pair" p WHERE p."corpusId" = c."id") AS n FROM "Corpus" c WHERE c."slug" = 'generated'`,
  );
  const found = kept.rows[0];
  if (!found) return createGeneratedCorpus(client, db, pairs);
  const have = Number(found.n);
  if (have === pairs) {
    console.log(`Reusing the generated corpus of ${pairs.toLocaleString('en')} pairs in ${home}.`);
    return { id: found.id, slug: found.slug };
  }
  if (found.name === corpusName(pairs) && have < pairs && have % PAIR_CHUNK === 0) {
    await fillGeneratedCorpus(client, db, found.id, pairs, have);
    return { id: found.id, slug: found.slug };
  }
  throw new Error(`${home} holds a generated corpus of ${have} pairs, not ${pairs}: use another --keep folder`);
}

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

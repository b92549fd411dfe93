/**
 * `npm run bench:distributions`: database time of the distributions by label (lib/db/distributions.ts)
 * on 1,000,000 generated pairs in one corpus (`-- <pairs>` for another size), split by the corpus's own
 * paraphrase label (a third of the pairs "yes"): every catalogue measure, and BLEU with syn only.
 * Starts a throwaway embedded PostgreSQL with the demo data; warm, median of 3 runs after one, and as a
 * ratio to the floor measured in the same run: one sorted median of one measure by group, per measure.
 */
import pg from 'pg';
import { catalogueMeasures, computeDistributionRows, countDistributionGroups, type DistributionScope } from '@/lib/db/distributions';
import { generatePairsSql } from './lib/generated-pairs';
import { openBenchDatabase, stopBench } from './lib/bench-server';

const pairs = Number(process.argv[2] ?? 1_000_000);
const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

const { home, database } = await openBenchDatabase('distributions');
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  console.log(`Generating ${fmt(pairs)} pairs in one corpus …`);
  const corpus = await pool.query<{ id: number }>(`INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', 'generated', 'SILVER', now()) RETURNING "id"`);
  const corpusId = corpus.rows[0]!.id;
  for (const sql of generatePairsSql(corpusId, pairs)) await pool.query(sql);
  await pool.query(`UPDATE "Pair" SET "referenceIsParaphrase" = (id % 3 = 0) WHERE "corpusId" = $1`, [corpusId]);
  await pool.query('VACUUM ANALYZE "Pair"');
  const scope: DistributionScope = { kind: 'corpus', corpusId, by: 'reference' };
  const all = catalogueMeasures();
  const two = all.filter((m) => m.key === 'bleu' || m.key === 'syn');
  // The floor: one median of one measure per group, i.e. one sort of the corpus's values (warm, median of 3).
  const floorRuns: number[] = [];
  for (let run = 0; run < 4; run++) {
    const t = performance.now();
    await pool.query(`SELECT "referenceIsParaphrase", percentile_cont(0.5) WITHIN GROUP (ORDER BY "bleu") FROM "Pair" WHERE "corpusId" = $1 GROUP BY 1`, [corpusId]);
    if (run > 0) floorRuns.push(performance.now() - t);
  }
  const floor = floorRuns.sort((a, b) => a - b)[1]!;
  console.log(`  floor: one sorted median of one measure by group ${fmt(floor)} ms`);
  for (const [name, measures] of [['every measure', all], ['bleu and syn', two]] as const) {
    const times: number[] = [];
    for (let run = 0; run < 4; run++) {
      const t = performance.now();
      await Promise.all([countDistributionGroups(pool, scope), computeDistributionRows(pool, scope, measures)]);
      if (run > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(14)} (${measures.length} measures): median ${fmt(times[1]!)} ms (runs ${times.map((x) => fmt(x)).join(', ')} ms), ${fmt(times[1]! / (floor * measures.length), 1)}× the floor per measure`);
  }
} finally {
  await pool.end();
  await stopBench(null, database, home);
}

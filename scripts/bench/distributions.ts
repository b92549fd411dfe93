/**
 * `npm run bench:distributions`: database time of the distributions by label (lib/db/dashboards/distributions.ts)
 * on 1,000,000 generated pairs in one corpus (`-- <pairs>` for another size), split by the corpus's own
 * paraphrase label (a third of the pairs "yes"): every catalogue measure, and BLEU with syn only.
 * Starts a throwaway embedded PostgreSQL with the demo data; warm, median of 3 runs after one, and as a
 * ratio to the floor measured in the same run: one sorted median of one measure by group, per measure.
 * Then what the dashboard pays: the figures stored once (what a job does after an import or scoring
 * run, lib/db/dashboards/distribution-cache.ts) and read back, against a plain count of the corpus's pairs
 * from the index (`-- <pairs> --keep DIR` keeps the database between runs).
 */
import { fmt } from './lib/format';
import pg from 'pg';
import {
  catalogueMeasures,
  computeDistributionRows,
  countDistributionGroups,
  type DistributionScope,
} from '@/lib/db/dashboards/distributions';
import { corpusDistributionFigures, warmCorpusDistributions } from '@/lib/db/dashboards/distribution-cache';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { createPrismaClient } from '@/lib/db/client';
import { generatePairsSql } from './lib/generated-pairs';
import { openBenchDatabase, stopBench } from './lib/bench-server';

const args = process.argv.slice(2);
const keepAt = args.indexOf('--keep');
const keep = keepAt >= 0 ? args.splice(keepAt, 2)[1] : undefined;
const pairs = Number(args[0] ?? 1_000_000);

const { home, database } = await openBenchDatabase('distributions', keep);
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
const slug = `generated-${pairs}`;
try {
  let corpusId = (await pool.query<{ id: number }>(`SELECT "id" FROM "Corpus" WHERE "slug" = $1`, [slug])).rows[0]?.id;
  if (corpusId === undefined) {
    console.log(`Generating ${fmt(pairs)} pairs in one corpus …`);
    const corpus = await pool.query<{ id: number }>(
      `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${pairs}', $1, 'SILVER', now()) RETURNING "id"`,
      [slug],
    );
    corpusId = corpus.rows[0]!.id;
    for (const sql of generatePairsSql(corpusId, pairs)) await pool.query(sql);
    await pool.query(`UPDATE "Pair" SET "referenceIsParaphrase" = (id % 3 = 0) WHERE "corpusId" = $1`, [corpusId]);
    await pool.query('VACUUM ANALYZE "Pair"');
  }
  const db = createPrismaClient(database.url);
  await refreshCorpusSummary(db, corpusId); // a new stamp: nothing stored holds
  await db.$disconnect();
  const scope: DistributionScope = { kind: 'corpus', corpusId, by: 'reference' };
  const all = catalogueMeasures();
  const two = all.filter((m) => m.key === 'bleu' || m.key === 'syn');
  // The floor: one median of one measure per group, i.e. one sort of the corpus's values (warm, median of 3).
  const floorRuns: number[] = [];
  for (let run = 0; run < 4; run++) {
    const t = performance.now();
    await pool.query(
      `SELECT "referenceIsParaphrase", percentile_cont(0.5) WITHIN GROUP (ORDER BY "bleu") FROM "Pair" WHERE "corpusId" = $1 GROUP BY 1`,
      [corpusId],
    );
    if (run > 0) floorRuns.push(performance.now() - t);
  }
  const floor = floorRuns.sort((a, b) => a - b)[1]!;
  console.log(`  floor: one sorted median of one measure by group ${fmt(floor)} ms`);
  for (const [name, measures] of [
    ['every measure', all],
    ['bleu and syn', two],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < 4; run++) {
      const t = performance.now();
      await Promise.all([countDistributionGroups(pool, scope), computeDistributionRows(pool, scope, measures)]);
      if (run > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(14)} (${measures.length} measures): median ${fmt(times[1]!)} ms (runs ${times.map((x) => fmt(x)).join(', ')} ms), ${fmt(times[1]! / (floor * measures.length), 1)}× the floor per measure`,
    );
  }
  // What the dashboard pays once a job has stored the figures.
  let t = performance.now();
  const splits = await warmCorpusDistributions(pool, corpusId);
  const warmed = performance.now() - t;
  console.log(
    `  stored by the job after an import (${splits.join(', ')}): ${fmt(warmed)} ms, ${fmt(warmed / (floor * all.length), 1)}× the floor per measure`,
  );
  const reads: number[] = [];
  const counts: number[] = [];
  for (let run = 0; run < 6; run++) {
    t = performance.now();
    const stored = await corpusDistributionFigures(pool, corpusId, 'reference', all);
    if (stored.computed !== 0) throw new Error('the stored figures were computed again');
    reads.push(performance.now() - t);
    t = performance.now();
    await pool.query(`SELECT count(*) FROM "Pair" WHERE "corpusId" = $1`, [corpusId]);
    counts.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `  read back by the dashboard (${all.length} measures): median ${fmt(median(reads), 1)} ms, against ${fmt(median(counts), 1)} ms for a count of the corpus's pairs (${fmt(median(reads) / median(counts), 3)}×)`,
  );
} finally {
  await pool.end();
  await stopBench(null, database, home, keep !== undefined);
}

/**
 * bench:score, the automatic job after an import: generated caption pairs imported as `paralens
 * import` does, then the scoring job the import queued (every measure this model folder offers:
 * availableMeasures), run as the command line runs it. Prints the job's time and pairs/s beside
 * the target (300,000 pairs within 2 minutes with the GloVe measures), where the time went
 * (ScoringReport.timings), the CPU seconds of this process and of PostgreSQL, and peak RSS.
 */
import { fmt } from './format';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Database } from '@/lib/db/database';
import { createCorpus } from '@/lib/db/corpora/corpora';
import { claimScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { jobOwner } from '@/lib/runtime/job-owner';
import { runImport } from '@/lib/services/imports/run-import';
import { runScoring, type ScoringTimings } from '@/lib/services/scoring/run-scoring';
import { availableMeasures } from '@/lib/models/text-scorers';
import { writeIpcFixture } from './ipc-fixture';
import { cpuSecondsOfTree } from './process-tree-cpu';

const TARGET_PAIRS = 300_000;
const TARGET_SECONDS = 120;

export interface AutoJobBenchOptions {
  db: Database;
  /** the embedded server's data folder (its postmaster.pid names the process whose CPU is counted) */
  pgDataDir: string;
  modelsDir: string;
  workDir: string;
  pairs: number;
}

const TIMING_LABELS: Record<keyof ScoringTimings, string> = {
  openMs: 'opening the measures',
  readPairsMs: 'waiting for pairs',
  readTextsMs: 'reading texts',
  prepareMs: 'preparing texts',
  scoreMs: 'scoring pairs',
  writeMs: 'writing (overlaps the next batch)',
  writeWaitMs: 'waiting for a write',
  summaryMs: 'corpus summary',
};

/** Returns the job's seconds projected to 300,000 pairs (null when no job ran). */
export async function benchAutoJob(o: AutoJobBenchOptions): Promise<number | null> {
  const measures = availableMeasures(o.modelsDir);
  const file = path.join(o.workDir, 'captions-auto-job.jsonl');
  await writeIpcFixture(file, { pairs: o.pairs, seed: 29 });
  const corpus = await createCorpus(o.db, { name: 'bench-auto-job', slug: 'bench-auto-job' });
  let t = performance.now();
  const imported = await runImport({
    db: o.db,
    filePath: file,
    corpusId: corpus.id,
    followUpMeasures: measures,
  });
  const importS = (performance.now() - t) / 1000;
  const distinct = await o.db.text.count({ where: { corpusId: corpus.id } });
  console.log(
    `\n5. The automatic job after importing ${fmt(imported.imported)} generated caption pairs (${fmt(distinct)} distinct texts; import ${fmt(importS, 1)} s), load average ${loadavg()
      .map((x) => fmt(x, 1))
      .join(' ')}`,
  );
  if (!imported.scoringJobId || !(await claimScoringJob(o.db, imported.scoringJobId, await jobOwner(o.db)))) {
    console.log('  the import queued no scoring job');
    return null;
  }
  const postmaster = Number(readFileSync(path.join(o.pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pgCpu = cpuSecondsOfTree(postmaster);
  const cpu = process.cpuUsage();
  t = performance.now();
  const report = await runScoring({ db: o.db, jobId: imported.scoringJobId, modelsDir: o.modelsDir });
  const s = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const ownCpu = (used.user + used.system) / 1e6;
  const projected = (TARGET_PAIRS / Math.max(report.pairsScored, 1)) * s;
  console.log(
    `  measures ${report.measures.join(', ')}: ${report.status.toLowerCase()} in ${fmt(s, 1)} s, ${fmt(report.pairsScored / s)} pairs/s, ${report.retries} retries`,
  );
  console.log(
    `  ${fmt(TARGET_PAIRS)} pairs at this rate: ${fmt(projected)} s; target ${TARGET_SECONDS} s: ${projected <= TARGET_SECONDS ? 'met' : 'missed'} (target ÷ measured ${fmt(TARGET_SECONDS / projected, 2)})`,
  );
  const pgUsed = cpuSecondsOfTree(postmaster) - pgCpu;
  const per = TARGET_PAIRS / Math.max(report.pairsScored, 1);
  console.log(
    `  CPU: this process ${fmt(ownCpu, 1)} s, PostgreSQL ${fmt(pgUsed, 1)} s (per ${fmt(TARGET_PAIRS)} pairs ${fmt(ownCpu * per)} s and ${fmt(pgUsed * per)} s, which run side by side on the two cores); peak RSS ${fmt(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  console.log(
    `  where the time went: ${(Object.keys(TIMING_LABELS) as Array<keyof ScoringTimings>).map((k) => `${TIMING_LABELS[k]} ${fmt(report.timings[k] / 1000, 1)} s`).join(', ')}`,
  );
  return projected;
}

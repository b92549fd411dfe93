/**
 * Runs a scoring job in the command line's own process with a progress bar on stderr and Ctrl-C
 * as cancel (a second Ctrl-C stops at once; the job then continues with the next `paralens score`).
 * Shared by `paralens score` and the WordNet follow-up of `paralens import`.
 */
import type { Db } from '@/lib/db/client';
import { runScoring, type ScoringReport } from '@/lib/services/scoring/run-scoring';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { CliIo } from './io';
import { renderProgressLine } from './progress-bar';

export async function runScoringJobInCli(
  db: Db,
  jobId: number,
  io: CliIo,
  options: { batchPairs?: number; rerun?: string } = {},
): Promise<ScoringReport> {
  let cancelled = false;
  const onSigint = () => {
    if (cancelled) process.exit(130);
    cancelled = true;
    io.stderr.write('\nStopping after the current batch (Ctrl-C again to stop at once) …\n');
  };
  process.on('SIGINT', onSigint);
  const started = Date.now();
  let drawn = false;
  try {
    const report = await runScoring({
      db,
      jobId,
      modelsDir: resolveModelsDir(),
      ...(options.batchPairs ? { batchPairs: options.batchPairs } : {}),
      rerun: options.rerun ?? 'Running the same command again',
      isCancelled: () => cancelled,
      onProgress: (p) => {
        if (!io.isTTY) return;
        const label = p.phase === 'loading' ? 'loading models' : p.phase === 'summarizing' ? 'summarizing' : 'scoring';
        io.stderr.write(
          `\r${renderProgressLine({ label, done: p.pairsDone, total: p.pairsTotal, records: p.pairsDone, elapsedMs: Date.now() - started })}\x1b[K`,
        );
        drawn = true;
      },
    });
    if (drawn) io.stderr.write('\n');
    return report;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

export function printScoringReport(io: CliIo, report: ScoringReport): void {
  const lines = [
    `Scoring job #${report.jobId}: ${report.status.toLowerCase()}`,
    `  measures       ${report.measures.join(', ') || 'none'}`,
    `  pairs scored   ${report.pairsScored.toLocaleString('en')} (of ${report.pairsTotal.toLocaleString('en')} that lacked a measure)`,
    `  texts embedded ${report.textsEmbedded.toLocaleString('en')}`,
    `  seconds        ${report.seconds.toFixed(1)}`,
    `  ${report.message}`,
  ];
  for (const s of report.skipped) lines.push(`  left out ${s.measure}: ${s.message}`);
  (report.status === 'SUCCEEDED' ? io.stdout : io.stderr).write(`${lines.join('\n')}\n`);
}

/** `paralens score --corpus <slug>`: fills in a corpus's missing semantic measures from the local models. */
import { parseArgs } from 'node:util';
import { findCorpusByRef } from '@/lib/db/corpora/corpora';
import { createScoringJob, findActiveScoring, takeOverInterruptedScoring } from '@/lib/db/jobs/scoring-jobs';
import { COMPUTED_MEASURES, type ComputedMeasure } from '@/lib/models/text-scorers';
import type { CliIo } from '../io';
import { printScoringReport, runScoringJobInCli } from '../run-scoring-job';
import { warmDistributionsAfterJob } from '@/lib/services/dashboards/warm-distributions';
import { withDatabase } from '../with-database';
import { jobOwner, pruneOwners } from '@/lib/runtime/job-owner';

const usage = `Usage: paralens score --corpus <slug or name> [--measures st,bertscore,wms,wordnet] [--batch <pairs>]

Fills in the semantic measures the corpus's pairs lack, from the models in the model folder
(PARALENS_MODELS, default <PARALENS_HOME>/models; \`paralens models\` lists what it expects).
WordNet needs no model. Values already there (imported or computed before) are kept. Each
distinct text is embedded once; scores are written batch by batch, so a job that is stopped
(Ctrl-C, or the machine) keeps its work and the next \`paralens score\` continues it.

  --corpus <slug>     corpus to score (its slug or its name; required)
  --measures <list>   measures to compute (default: all four; a measure whose model
                      files are missing is left out with a message naming them)
  --batch <pairs>     pairs per batch (default 1000)

Exit code 0 when the job succeeded with every measure asked for, 1 when it failed, was
cancelled or left out a measure named in --measures, 2 for bad arguments.
`;

const options = {
  corpus: { type: 'string' },
  measures: { type: 'string' },
  batch: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function run(args: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    io.stderr.write(`paralens score: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  if (!values.corpus) {
    io.stderr.write(`paralens score: --corpus is required\n\n${usage}`);
    return 2;
  }
  const asked = values.measures
    ?.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const unknown = asked?.filter((m) => !(COMPUTED_MEASURES as readonly string[]).includes(m)) ?? [];
  if (unknown.length > 0 || asked?.length === 0) {
    io.stderr.write(
      `paralens score: unknown measure ${unknown.join(', ') || '(none given)'} (one of ${COMPUTED_MEASURES.join(', ')})\n`,
    );
    return 2;
  }
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1)) {
    io.stderr.write('paralens score: --batch must be a positive integer\n');
    return 2;
  }
  const measures = (asked ?? COMPUTED_MEASURES) as ComputedMeasure[];
  const corpusRef = values.corpus;
  return withDatabase(io, async (db) => {
    const corpus = await findCorpusByRef(db, corpusRef);
    if (!corpus) {
      io.stderr.write(`paralens score: no corpus "${corpusRef}" (\`paralens corpora\` lists them)\n`);
      return 1;
    }
    const ownerId = await jobOwner(db);
    await pruneOwners(db);
    const active = await findActiveScoring(db, corpus.id);
    if (active) {
      io.stderr.write(
        `paralens score: scoring job #${active.id} is running for "${corpus.name}" (${active.pairsDone} of ${active.pairsTotal} pairs); wait for it or cancel it first.\n`,
      );
      return 1;
    }
    const resumed = await takeOverInterruptedScoring(db, corpus.id, measures, ownerId);
    if (resumed) {
      io.stderr.write(
        `Continuing interrupted scoring job #${resumed.id} after pair ${resumed.lastPairId} (${resumed.pairsDone} pairs were scored).\n`,
      );
    }
    const jobId = resumed?.id ?? (await createScoringJob(db, { corpusId: corpus.id, createdById: null, measures, ownerId })).id;
    const report = await runScoringJobInCli(db, jobId, io, batch ? { batchPairs: batch } : {});
    printScoringReport(io, report);
    if (report.status === 'SUCCEEDED')
      await warmDistributionsAfterJob(db, corpus.id, (line) => io.stderr.write(`${line[0]!.toUpperCase()}${line.slice(1)}.\n`));
    const leftOutAsked = asked !== undefined && report.skipped.length > 0;
    return report.status === 'SUCCEEDED' && !leftOutAsked ? 0 : 1;
  });
}

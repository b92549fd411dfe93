/** `paralens import <file> --corpus <name>`: streams a corpus file into the database with every measure. */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { isLanguageCode } from '@/lib/naming/language';
import { describeMeasureTokenizer } from '@/lib/measures/language-tokenize';
import { importLimitsFromEnv } from '@/lib/import/limits';
import { IMPORT_FORMATS } from '@/lib/import/types';
import { describeFollowUp, type ImportReport } from '@/lib/services/imports/run-import';
import { importCorpusFile, type CorpusFileImportEvent } from '@/lib/services/imports/import-corpus-file';
import type { Database } from '@/lib/db/database';
import { claimScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { printScoringReport, runScoringJobInCli } from '../run-scoring-job';
import { warmDistributionsAfterJob } from '@/lib/services/dashboards/warm-distributions';
import type { CliIo } from '../io';
import { renderProgressLine } from '../progress-bar';
import { withDatabase } from '../with-database';
import { firstUnreadable } from '../input-files';
import { jobOwner } from '@/lib/runtime/job-owner';

const usage = `Usage: paralens import <file> --corpus <name> [options]

Reads the file as a stream, computes every similarity measure and writes the pairs into the
corpus (created when it does not exist) in one transaction. A failed or interrupted (Ctrl-C)
import keeps nothing, not even a corpus it created. Limits: PARALENS_IMPORT_MAX_SET_TEXTS (200),
PARALENS_IMPORT_MAX_PAIRS, PARALENS_IMPORT_MAX_TEXT_CHARS (20,000), PARALENS_IMPORT_MAX_TEXT_TOKENS (2,000).

  --corpus <name>       corpus to import into (required): an existing corpus by its slug or
                        name, or a new corpus of this name
  --format <format>     ${IMPORT_FORMATS.join(', ')} (default: detected)
  --tier <tier>         gold, silver or bronze (Wikipedia-IPC; default: from the file name)
  --map <mapping>       columns for csv/tsv/jsonl, e.g. a=sentence1,b=sentence2,label=gold
  --questions <file>    qa-assessed: the questions file (number<TAB>question lines); the
                        file to import is then the assessed answers (runs) file
  --language <code>     the corpus language (ISO 639-1, e.g. es); qa-assessed: whose
                        affirmative-form rules apply (default es)
  --skip-invalid        import the valid records; write rejected ones to the rejects file
  --rejects <path>      rejects file (default: <file name>.rejects.jsonl in this folder)
  --source <text>       for a new corpus: where the data comes from
  --licence <text>      for a new corpus: its licence
  --attribution <text>  for a new corpus: attribution shown with it
  --description <text>  for a new corpus: a short description
  --no-score            do not compute the semantic measures right after the import (the
                        scoring job stays queued; \`npm start\` or \`paralens score\` runs it).
                        The job computes every semantic measure this installation can: the
                        paper's where their models are there, the GloVe pair when installed
                        (\`paralens models add glove\`), WordNet only when neither is

Exit code 0 when the import was written (or the file was already imported), 1 when it
failed (the report lists the first 100 errors as "line N: what is wrong"), 2 for bad arguments.
`;

const options = {
  corpus: { type: 'string' },
  format: { type: 'string' },
  tier: { type: 'string' },
  map: { type: 'string' },
  questions: { type: 'string' },
  language: { type: 'string' },
  'skip-invalid': { type: 'boolean' },
  rejects: { type: 'string' },
  source: { type: 'string' },
  licence: { type: 'string' },
  attribution: { type: 'string' },
  description: { type: 'string' },
  'no-score': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function printReport(io: CliIo, file: string, corpus: string, r: ImportReport): void {
  const lines = [
    `${r.status === 'FAILED' ? 'Import failed' : r.status === 'UNCHANGED' ? 'Unchanged' : 'Imported'}: ${file} → ${corpus}${r.format ? ` (${r.format}${r.tier ? `, ${r.tier}` : ''})` : ''}`,
    `  read        ${r.recordsRead.toLocaleString('en')}`,
    `  imported    ${r.imported.toLocaleString('en')}`,
    `  duplicates  ${r.duplicates.toLocaleString('en')}`,
    `  rejected    ${r.rejected.toLocaleString('en')}`,
    `  seconds     ${r.seconds.toFixed(1)}`,
  ];
  if (r.detectedLanguage) lines.push(`  language    ${r.detectedLanguage} (detected from the texts; --language sets it)`);
  if (r.measureTokenizer && r.imported > 0)
    lines.push(`  tokenizer   ${r.measureTokenizer} (the measures' tokens: ${describeMeasureTokenizer(r.measureTokenizer)})`);
  if (r.funnel && r.funnel.length > 0) {
    const width = Math.max(...r.funnel.map((s) => s.step.length));
    lines.push('  funnel', ...r.funnel.map((s) => `    ${s.step.padEnd(width)}  ${s.count.toLocaleString('en')}`));
  }
  if (r.message) lines.push(`  ${r.message}`);
  // the follow-up scoring job's measures, and why only WordNet when so (the web import list shows the same line)
  if (r.scoringMeasures && r.scoringMeasures.length > 0) lines.push(`  ${describeFollowUp(r.scoringMeasures)}`);
  if (r.rejectsPath) lines.push(`  rejected records written to ${r.rejectsPath}`);
  if (r.errors.length > 0) lines.push('', ...r.errors);
  (r.status === 'FAILED' ? io.stderr : io.stdout).write(`${lines.join('\n')}\n`);
}

/**
 * Shows the import as it comes: the corpus created, the progress bar (on a terminal), the report. A
 * Ctrl-C while the file is read cancels the import (`onInterrupt`).
 */
function importPrinter(io: CliIo, file: string, onInterrupt: () => void) {
  let started = Date.now();
  let drawn = false;
  return (event: CorpusFileImportEvent) => {
    if (event.type === 'corpus') {
      if (event.created) io.stderr.write(`Created the corpus "${event.name}".\n`);
      started = Date.now();
      process.once('SIGINT', onInterrupt);
    } else if (event.type === 'progress') {
      if (!io.isTTY) return;
      const p = event.progress;
      io.stderr.write(
        `\r${renderProgressLine({ label: p.phase, done: p.bytesRead, total: p.totalBytes, records: p.records, elapsedMs: Date.now() - started })}\x1b[K`,
      );
      drawn = true;
    } else {
      process.off('SIGINT', onInterrupt);
      if (drawn) io.stderr.write('\n');
      printReport(io, file, event.corpusName, event.report);
    }
  };
}

/** After an import that was written: its scoring job now (unless --no-score), then the distributions warmed. */
async function followUp(db: Database, io: CliIo, corpus: { id: number; slug: string }, report: ImportReport, score: boolean) {
  if (report.scoringJobId && score && (await claimScoringJob(db, report.scoringJobId, await jobOwner(db)))) {
    io.stderr.write(`Computing the semantic measures now (--no-score leaves the job queued) …\n`);
    printScoringReport(
      io,
      await runScoringJobInCli(db, report.scoringJobId, io, { rerun: `\`paralens score --corpus ${corpus.slug}\`` }),
    );
  }
  await warmDistributionsAfterJob(db, corpus.id, (line) => io.stderr.write(`${line[0]!.toUpperCase()}${line.slice(1)}.\n`));
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr.write(`paralens import: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const file = positionals[0];
  if (!file || positionals.length > 1 || !values.corpus) {
    io.stderr.write(
      `paralens import: ${!file ? 'a file is required' : !values.corpus ? '--corpus is required' : 'only one file at a time'}\n\n${usage}`,
    );
    return 2;
  }
  if (values.format && !(IMPORT_FORMATS as readonly string[]).includes(values.format)) {
    io.stderr.write(`paralens import: unknown format "${values.format}" (one of ${IMPORT_FORMATS.join(', ')})\n`);
    return 2;
  }
  if (values.language !== undefined && !isLanguageCode(values.language)) {
    io.stderr.write(`paralens import: --language takes a two-letter ISO 639-1 code such as en or es, not "${values.language}"\n`);
    return 2;
  }
  if (values.format === 'qa-assessed' && !values.questions) {
    io.stderr.write(`paralens import: the qa-assessed format needs --questions <file>\n`);
    return 2;
  }
  if (values.questions && values.format && values.format !== 'qa-assessed') {
    io.stderr.write(`paralens import: --questions only applies to the qa-assessed format\n`);
    return 2;
  }
  const filePath = path.resolve(file);
  const unreadable = await firstUnreadable([
    [filePath, 'the file'],
    [values.questions && path.resolve(values.questions), 'the questions file'],
  ]);
  if (unreadable) {
    io.stderr.write(`paralens import: ${unreadable}; nothing was imported.\n`);
    return 2;
  }
  const corpusName = values.corpus;
  const rejectsPath = path.resolve(values.rejects ?? `${path.basename(filePath)}.rejects.jsonl`);
  return withDatabase(io, async (db) => {
    let interrupted = false;
    const onInterrupt = () => {
      interrupted = true;
      io.stderr.write('\nStopping: nothing of this import will be kept …\n');
    };
    const { corpus, report, failed, removed } = await importCorpusFile(
      db,
      {
        corpus: corpusName,
        about: {
          source: values.source ?? null,
          licence: values.licence ?? null,
          attribution: values.attribution ?? null,
          description: values.description ?? null,
        },
        tier: values.tier,
        language: values.language,
        import: {
          filePath,
          ...(values.format ? { format: values.format } : {}),
          ...(values.map ? { map: values.map } : {}),
          ...(values.questions ? { questionsPath: path.resolve(values.questions), format: 'qa-assessed' } : {}),
          skipInvalid: Boolean(values['skip-invalid']),
          rejectsPath,
          rejectsFolderShown: path.dirname(rejectsPath),
          rerun: 'Run the same command again',
          limits: importLimitsFromEnv(process.env),
          isCancelled: () => interrupted,
        },
      },
      importPrinter(io, file, onInterrupt),
    );
    process.off('SIGINT', onInterrupt);
    // A failed import leaves nothing it created: not even the corpus it made for itself.
    if (removed !== null)
      io.stderr.write(
        removed
          ? `Removed the corpus "${corpus.name}" this command had created.\n`
          : `The corpus "${corpus.name}" this command created stays, empty: the database could not be reached to remove it. The same command imports into it.\n`,
      );
    if (report.recorded === false) return 1; // the database is gone: nothing more can be done now
    if (!failed) await followUp(db, io, corpus, report, !values['no-score']);
    return failed ? 1 : 0;
  });
}

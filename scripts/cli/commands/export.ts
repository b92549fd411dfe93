/**
 * `paralens export`: a corpus, a campaign or a filtered subset of either to CSV, JSON Lines or a
 * Hugging Face datasets folder.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { describeExportFailure, ExportStopped } from '@/lib/services/exports/export-failure';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { resolveCampaignSource, resolveCorpusSource } from '@/lib/db/exports/export-sources';
import { resolveViewSource } from '@/lib/db/exports/export-view-source';
import { unknownFilterParams } from '@/lib/explore/pair-filter';
import { EXPORT_FORMATS, EXPORT_PARTS, isExportFormat, parseParts } from '@/lib/export/export-options';
import { checkExportTarget, runExport } from '@/lib/services/exports/run-export';
import { findCorpusByRef } from '@/lib/db/corpora/corpora';
import type { CliIo } from '../io';
import { renderProgressLine } from '../progress-bar';
import { withDatabase } from '../with-database';

const usage = `Usage: paralens export (--corpus <slug> | --campaign <slug>) [--filter <query>] --format csv|jsonl|hf --out <path> [--include <parts>]

Streams the rows from one database snapshot into the file (constant memory), under a .partial
name that is renamed only when the export is complete. A JSON Lines export imports back with
\`paralens import <file> --corpus <new name>\` (same texts, order and measures).

  --corpus <slug>     every pair of the corpus (its slug or its name), in pair id order
  --campaign <slug>   the pairs of the campaign, in the order handed out, with their answers
  --filter <query>    the read API's filter parameters, e.g. "min.bleu=0.5&q=bridge"
  --format <format>   ${EXPORT_FORMATS.join(', ')} (hf: a folder with data/train.jsonl and a dataset card README.md)
  --out <path>        file to write (a folder for hf, which must not exist yet)
  --include <parts>   comma-separated, from ${EXPORT_PARTS.join(', ')}
                      (default: all that apply; raw, aggregated and agreement need --campaign).
                      Ids are always included.

Exit code 0 when the file was written, 1 when the export failed or was interrupted (nothing is
left behind), 2 for bad arguments.
`;

const options = {
  corpus: { type: 'string' },
  campaign: { type: 'string' },
  filter: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string' },
  include: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function argumentProblem(values: { corpus?: string; campaign?: string; format?: string; out?: string }): string | null {
  if (Boolean(values.corpus) === Boolean(values.campaign)) return 'give exactly one of --corpus and --campaign';
  if (!values.format || !isExportFormat(values.format)) return `--format must be one of ${EXPORT_FORMATS.join(', ')}`;
  if (!values.out) return '--out is required';
  return null;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    io.stderr.write(`paralens export: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const problem = argumentProblem(values);
  const parts = parseParts(values.include, Boolean(values.campaign));
  const wrong = problem ?? (typeof parts === 'string' ? parts : null);
  if (wrong !== null || typeof parts === 'string') {
    io.stderr.write(`paralens export: ${wrong}\n\n${usage}`);
    return 2;
  }
  const format = values.format as (typeof EXPORT_FORMATS)[number];
  const outPath = path.resolve(values.out!);
  const unknown = values.filter === undefined ? [] : unknownFilterParams(new URLSearchParams(values.filter), ['limit', 'cursor']);
  if (unknown.length > 0) {
    io.stderr.write(`paralens export: unknown filter parameter ${unknown.join(', ')} (the read API's parameters: docs/api.md)\n`);
    return 2;
  }
  const target = await checkExportTarget(outPath, format);
  if (target) {
    io.stderr.write(`paralens export: ${target}\n`);
    return 2;
  }
  return withDatabase(io, async (db) => {
    const base = values.campaign
      ? await resolveCampaignSource(db, values.campaign)
      : await resolveCorpusSource(db, (await findCorpusByRef(db, values.corpus!))?.slug ?? values.corpus!);
    if (!base) {
      io.stderr.write(
        `paralens export: no ${values.campaign ? `campaign "${values.campaign}"` : `corpus "${values.corpus}" (\`paralens corpora\` lists them)`}\n`,
      );
      return 1;
    }
    const source = values.filter === undefined ? base : await resolveViewSource(db, db, values.filter, base);
    let interrupted = false;
    const onInterrupt = () => {
      interrupted = true;
      io.stderr.write('\nStopping: nothing of this export will be kept …\n');
    };
    process.once('SIGINT', onInterrupt);
    const started = Date.now();
    let drawn = false;
    try {
      const result = await runExport({
        db,
        source,
        format,
        parts,
        outPath,
        isCancelled: () => interrupted,
        onProgress: ({ rows, total }) => {
          if (!io.isTTY) return;
          io.stderr.write(
            `\r${renderProgressLine({ label: 'export', done: rows, total, records: rows, elapsedMs: Date.now() - started })}\x1b[K`,
          );
          drawn = true;
        },
      }).catch(async (error: unknown) => {
        if (drawn) io.stderr.write('\n');
        drawn = false;
        if (!(error instanceof ExportStopped)) throw error;
        const folder = path.dirname(outPath);
        return {
          message: describeExportFailure(error, { rerun: 'Run the same command again', folder, free: await freeBytesAt(folder) }),
        };
      });
      if (drawn) io.stderr.write('\n');
      if ('message' in result) {
        io.stderr.write(`paralens export: ${result.message}\n`);
        return 1;
      }
      if (result.status === 'CANCELLED') return 1;
      io.stdout.write(
        `Exported ${result.rows.toLocaleString('en')} rows (${(result.bytes / 1e6).toFixed(1)} MB) to ${result.path} in ${result.seconds.toFixed(1)} s\n`,
      );
      return 0;
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  });
}

/**
 * Runs one export (docs/export.md): lines from a server-side cursor (lib/db/exports/export-cursor.ts) into a
 * file, with backpressure, so memory stays constant however many rows there are. The file is
 * written under a `.partial` name and renamed only when complete, so an interrupted export never
 * leaves anything that looks finished. `hf` writes a Hugging Face datasets folder: data/train.jsonl
 * and the dataset card README.md (lib/export/dataset-card.ts). Shared by `paralens export` and the
 * export job.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@/lib/db/database';
import { openExportCursor } from '@/lib/db/exports/export-cursor';
import { buildExportSql } from '@/lib/db/exports/export-sql';
import { streamModelRunAnswers } from '@/lib/db/model-raters/model-run-answers';
import { loadCorpusCards, type ExportSource } from '@/lib/db/exports/export-sources';
import { buildDatasetCard } from '@/lib/export/dataset-card';
import { csvHeader, planExportFields } from '@/lib/export/fields';
import { copyTextFormatter } from '@/lib/export/line-format';
import type { ExportFormatName, ExportPart } from '@/lib/export/export-options';
import { ExportStopped } from './export-failure';

export interface ExportProgress {
  rows: number;
  total: number;
  bytes: number;
}

export interface RunExportOptions {
  /** the handle: the export's cursor is a connection of its own on it (copyConnection) */
  db: Database;
  source: ExportSource;
  format: ExportFormatName;
  parts: readonly ExportPart[];
  /** the file (csv, jsonl) or folder (hf) to write */
  outPath: string;
  onProgress?: (progress: ExportProgress) => void | Promise<void>;
  /** asked as the rows come: true stops the export (nothing is kept) */
  isCancelled?: () => boolean | Promise<boolean>;
}

export interface ExportResult {
  status: 'SUCCEEDED' | 'CANCELLED';
  rows: number;
  bytes: number;
  seconds: number;
  path: string;
}

export const HF_DATA_FILE = 'data/train.jsonl';

/** The file of an HF export holding a model run's requests with their provenance. */
export const modelAnswersFile = (runId: number) => `model_answers/run-${runId}.jsonl`;

/** A model run's requests, one JSON line each, as `GET /api/v1/model-runs/{id}/answers` gives them; returns the bytes written. */
async function writeModelAnswers(db: Database, runId: number, file: string): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const stream = openFile(file);
  let bytes = 0;
  try {
    for await (const batch of streamModelRunAnswers(db, runId)) {
      const text = batch.map((line) => `${JSON.stringify(line)}\n`).join('');
      bytes += Buffer.byteLength(text);
      await write(stream, text);
    }
    await closeStream(stream);
    return bytes;
  } catch (error) {
    stream.destroy();
    throw error;
  }
}

/** progress reports (and cancel checks) at most this often */
const PROGRESS_MS = 200;
/**
 * Formatted lines are written a megabyte at a time: COPY's rows arrive some 10 KB at a time, and one
 * write per arrival (36,000 for 1,000,000 rows) cost a fifth of the exporter's CPU.
 */
const WRITE_BYTES = 1 << 20;

/** A file stream whose write error (a full disk) is kept for the next write or the close, never raised as an uncaught error. */
function openFile(file: string): WriteStream {
  const stream = createWriteStream(file, { mode: 0o600 });
  stream.on('error', () => {}); // errored is set: write and closeStream report it
  return stream;
}

/** Writes with backpressure; a write error (disk full) rejects. */
function write(stream: WriteStream, text: string | Buffer): Promise<void> | null {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.write(text)) return null;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

/** Writes the buffers in one go (one writev, no copy), with backpressure; a write error (disk full) rejects. */
function writeMany(stream: WriteStream, buffers: readonly Buffer[]): Promise<void> | null {
  stream.cork();
  for (let i = 0; i < buffers.length - 1; i += 1) stream.write(buffers[i]!);
  const last = write(stream, buffers[buffers.length - 1]!);
  stream.uncork();
  return last;
}

async function closeStream(stream: WriteStream): Promise<void> {
  if (stream.errored) throw stream.errored;
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });
}

export async function runExport(options: RunExportOptions): Promise<ExportResult> {
  const started = performance.now();
  const { source, format, parts } = options;
  const modelRuns = parts.includes('models') ? (source.modelRuns ?? []) : [];
  const fields = planExportFields(parts, source.questions, source.userMeasures, modelRuns);
  const sql = buildExportSql(fields, source.selection);
  const formatLines = copyTextFormatter(fields, format === 'csv' ? 'csv' : 'jsonl');
  const partial = `${options.outPath}.partial`;
  await rm(partial, { recursive: true, force: true });
  const dataFile = format === 'hf' ? path.join(partial, HF_DATA_FILE) : partial;
  await mkdir(path.dirname(dataFile), { recursive: true, mode: 0o700 });
  const cursor = await openExportCursor(options.db, sql).catch((error: unknown) => {
    throw new ExportStopped(error, 0, 0, 0);
  });
  const stream = openFile(dataFile);
  let rows = 0;
  let bytes = 0;
  let cancelled = false;
  try {
    if (format === 'csv') {
      const header = `${csvHeader(fields)}\n`;
      bytes += Buffer.byteLength(header);
      await write(stream, header);
    }
    await options.onProgress?.({ rows, total: cursor.total, bytes });
    let reported = performance.now();
    const held: Buffer[] = [];
    let heldBytes = 0;
    for await (const lines of cursor.lines) {
      const formatted = formatLines(lines);
      rows += formatted.rows;
      bytes += formatted.bytes.length;
      held.push(formatted.bytes);
      heldBytes += formatted.bytes.length;
      if (heldBytes >= WRITE_BYTES) {
        await writeMany(stream, held.splice(0));
        heldBytes = 0;
      }
      if (performance.now() - reported < PROGRESS_MS) continue;
      reported = performance.now();
      await options.onProgress?.({ rows, total: cursor.total, bytes });
      if (await options.isCancelled?.()) {
        cancelled = true;
        break;
      }
    }
    if (!cancelled && heldBytes > 0) await writeMany(stream, held.splice(0));
    if (!cancelled) await options.onProgress?.({ rows, total: cursor.total, bytes });
    await closeStream(stream);
    if (cancelled) {
      await rm(partial, { recursive: true, force: true });
      return { status: 'CANCELLED', rows, bytes, seconds: (performance.now() - started) / 1000, path: options.outPath };
    }
    if (format === 'hf') {
      const ids = [...cursor.perCorpus.keys()];
      const corpora = source.kind === 'view' ? await loadCorpusCards(options.db, ids) : source.corpora;
      const slugOf = new Map(corpora.map((c) => [c.id, c.slug]));
      const counts = Object.fromEntries(corpora.map((c) => [slugOf.get(c.id) ?? String(c.id), cursor.perCorpus.get(c.id) ?? 0]));
      const card = buildDatasetCard({
        scope: { kind: source.kind, name: source.name, filter: source.filter },
        parts,
        fields,
        corpora,
        counts,
        total: rows,
        campaign: source.campaign,
        exportedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        dataFile: HF_DATA_FILE,
        modelRuns: modelRuns.map((r) => ({ ...r, file: modelAnswersFile(r.id) })),
      });
      await writeFile(path.join(partial, 'README.md'), card, { mode: 0o600 });
      bytes += Buffer.byteLength(card);
      for (const run of modelRuns)
        bytes += await writeModelAnswers(options.db, run.id, path.join(partial, modelAnswersFile(run.id)));
    }
    await rm(options.outPath, { force: true });
    await rename(partial, options.outPath);
    return { status: 'SUCCEEDED', rows, bytes, seconds: (performance.now() - started) / 1000, path: options.outPath };
  } catch (error) {
    stream.destroy();
    await rm(partial, { recursive: true, force: true });
    throw new ExportStopped(error, rows, cursor.total, bytes);
  } finally {
    await cursor.close().catch(() => {}); // a lost connection has closed it already
  }
}

/** Whether a path is free for an export to write (an existing file is replaced; a folder is not). */
export async function checkExportTarget(outPath: string, format: ExportFormatName): Promise<string | null> {
  const existing = await stat(outPath).catch(() => null);
  if (!existing) return null;
  if (format === 'hf') return `${outPath} already exists; an HF export writes a new folder (remove it or choose another --out)`;
  return existing.isDirectory() ? `${outPath} is a folder; give a file name` : null;
}

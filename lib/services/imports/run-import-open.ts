/**
 * The first phase of an import (lib/services/imports/run-import.ts): hash the file (with a questions file, both),
 * start the job row, stop when the same file was imported into the corpus before, read a questions
 * file, and open the parser.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { findCompletedImportOfFile, startImportJob } from '@/lib/db/imports/import-jobs';
import { openImportFile } from '@/lib/import/open-import-file';
import { DEFAULT_IMPORT_LIMITS } from '@/lib/import/limits';
import type { ImportError } from '@/lib/import/types';
import { readQaQuestionsFile } from '@/lib/import/open-qa-questions';
import { hashFile } from './file-hash';
import type { RunImportOptions } from './run-import';

export type ImportStream = Awaited<ReturnType<typeof openImportFile>>;

/**
 * What the open phase found: the file already imported, an invalid questions file, or a parser (the
 * caller records its format).
 */
export type Opened =
  | { status: 'UNCHANGED'; message: string }
  | { status: 'FAILED'; questionErrors: ImportError[]; questionErrorCount: number; message: string }
  | { status: 'OPEN'; stream: ImportStream; size: number };

export async function openImport(options: RunImportOptions, jobId: number, fileName: string): Promise<Opened> {
  const { db } = options;
  const { size } = await stat(options.filePath);
  options.onProgress?.({ phase: 'hashing', bytesRead: 0, totalBytes: size, records: 0, errors: 0 });
  // With a questions file, the import is of both files: a changed questions file is a new import.
  const sha = options.questionsPath
    ? createHash('sha256')
        .update(`${await hashFile(options.filePath)}:${await hashFile(options.questionsPath)}`)
        .digest('hex')
    : await hashFile(options.filePath);
  const request = {
    format: options.format ?? null,
    tier: options.tier ?? null,
    map: options.map ?? null,
    skipInvalid: Boolean(options.skipInvalid),
    ...(options.questionsPath
      ? { questionsFileName: options.questionsFileName ?? options.questionsPath.split('/').at(-1) ?? null }
      : {}),
    ...(options.language ? { language: options.language } : {}),
  };
  await startImportJob(db, jobId, { fileSha256: sha, fileBytes: size, options: request });
  const previous = await findCompletedImportOfFile(db, options.corpusId, sha);
  if (previous)
    return {
      status: 'UNCHANGED',
      message: `unchanged: this file was already imported into the corpus (import #${previous.id}, ${previous.imported} pairs)`,
    };

  const qa = options.questionsPath
    ? await readQaQuestionsFile(options.questionsPath, {
        ...(options.language ? { language: options.language } : {}),
        ...(options.questionsFileName ? { fileName: options.questionsFileName } : {}),
      })
    : null;
  if (qa && qa.errorCount > 0) {
    const message = `${qa.errorCount} invalid line${qa.errorCount === 1 ? '' : 's'} in the questions file: nothing was imported.`;
    return { status: 'FAILED', questionErrors: qa.errors, questionErrorCount: qa.errorCount, message };
  }
  const stream = await openImportFile(options.filePath, {
    ...(qa ? { qa: qa.qa } : {}),
    fileName,
    limits: options.limits ?? DEFAULT_IMPORT_LIMITS,
    ...(options.format ? { format: options.format } : {}),
    ...(options.tier ? { tier: options.tier } : {}),
    ...(options.map ? { map: options.map } : {}),
  });
  return { status: 'OPEN', stream, size };
}

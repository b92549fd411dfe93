/**
 * The message an import job shows when it fails on an exception: problems with the file itself are
 * explained, and so are a lost database connection and a full disk (the import's transaction rolled
 * back: nothing of the file is in the database; the partial rejects file removed); anything else is
 * logged in full with a reference and shown only as that reference (no stack traces, SQL or server
 * paths reach the page or the API).
 */
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import { isConnectionLost, isDatabaseDiskFull, isDiskFull } from '@/lib/errors/failure-causes';
import { describeDiskFull } from '@/lib/errors/disk-full';
import { ImportSetupError } from '@/lib/import/types';

const fileProblems: Record<string, string> = {
  ENOENT: 'no longer exists',
  EACCES: 'cannot be read (permission denied)',
  EISDIR: 'is a folder, not a file',
  EMFILE: 'cannot be opened right now (too many open files); try again',
};

/** Where the import was when it failed, and what its user does to try again. */
export interface ImportFailureContext {
  /** records read from the file so far */
  pairsRead: number;
  /** the pairs (in file order) whose writing failed, when the database was writing them */
  failedChunk: { first: number; last: number } | null;
  /** the failure came while the pairs were being committed */
  committing?: boolean;
  /** "Run the same command again" (command line), "Upload the file again" (web) */
  rerun: string;
  /**
   * the rejects file's folder as its reader knows it, what is free there and the file's size (the
   * rejects need at most about that)
   */
  rejects?: { folder: string; free: number | null; fileBytes: number };
}

const n = (x: number) => x.toLocaleString('en');
/** " while writing pairs 1–5,000 (31,330 read)", " after 120 pairs read", or nothing without context. */
function where(c: ImportFailureContext | undefined): string {
  if (!c) return '';
  if (c.failedChunk) return ` while writing pairs ${n(c.failedChunk.first)}–${n(c.failedChunk.last)} (${n(c.pairsRead)} read)`;
  return ` after ${n(c.pairsRead)} pairs read`;
}
const lower = (s: string) => `${s[0]!.toLowerCase()}${s.slice(1)}`;

export function describeImportFailure(error: unknown, fileName: string, context?: ImportFailureContext): string {
  if (error instanceof ImportSetupError) return `${error.message}: nothing was imported.`;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && fileProblems[code]) return `The file ${fileName} ${fileProblems[code]}: nothing was imported.`;
  const rerun = context?.rerun ?? 'Import the file again';
  if (isDatabaseDiskFull(error))
    return `PostgreSQL's disk is full: the import of ${fileName} stopped${where(context)} and nothing of this file was imported. Free space on the database's disk, then ${lower(rerun)}.`;
  if (isConnectionLost(error) && context?.committing)
    // The COMMIT may have reached the server before the connection went: its outcome is unknown here.
    return `The database connection was lost while the ${n(context.pairsRead)} pairs of ${fileName} were being committed: they may or may not have been imported (the corpus shows which). ${rerun} once PostgreSQL is running again: pairs already imported are not imported twice.`;
  if (isConnectionLost(error))
    return `The database connection was lost during the import of ${fileName}${where(context)}: nothing of this file was imported. ${rerun} once PostgreSQL is running again.`;
  if (isDiskFull(error) && context?.rejects)
    return describeDiskFull({
      folder: context.rejects.folder,
      free: context.rejects.free,
      needed: { bytes: Math.ceil(context.rejects.fileBytes * 1.2), atLeast: false },
      what: `the rejects file of ${fileName} (the lines skipped, with their errors)`,
      after: `The import stopped${where(context)}: nothing of this file was imported and the partial rejects file was removed. Free space there, then ${lower(rerun)}.`,
    });
  const reference = logUnexpectedError(error, `import of ${fileName}`);
  return unexpectedErrorMessage(reference, 'An internal error stopped the import, and nothing was imported');
}

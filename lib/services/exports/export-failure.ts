/**
 * The message of an export that stopped on an error (its partial file is always removed: nothing
 * of it is kept): a lost database connection and a full disk are explained; anything else is logged
 * with a reference and shown as that reference (no SQL, stack or server path on the Exports page).
 */
import { describeDiskFull } from '@/lib/errors/disk-full';
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import { isConnectionLost, isDatabaseDiskFull, isDiskFull } from '@/lib/errors/failure-causes';

/** How far an export had come when it stopped (runExport throws it, with the cause inside). */
export class ExportStopped extends Error {
  override name = 'ExportStopped';
  constructor(
    override readonly cause: unknown,
    readonly rows: number,
    readonly total: number,
    readonly bytes: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface ExportFailureContext {
  /** "Run the same command again" (command line), "Run it again from this page" (web) */
  rerun: string;
  /** the folder the export writes to, as its reader knows it, and what is free there */
  folder: string;
  free: number | null;
}

const n = (x: number) => x.toLocaleString('en');
const lower = (s: string) => `${s[0]!.toLowerCase()}${s.slice(1)}`;

export function describeExportFailure(error: unknown, context: ExportFailureContext): string {
  const stopped = error instanceof ExportStopped ? error : null;
  const cause = stopped?.cause ?? error;
  const where = stopped && stopped.total > 0 ? ` after ${n(stopped.rows)} of ${n(stopped.total)} rows` : '';
  const kept = 'nothing of it was kept (its partial file was removed)';
  if (isConnectionLost(cause))
    return `The database connection was lost${where}: ${kept}. ${context.rerun} once PostgreSQL is running again.`;
  if (isDatabaseDiskFull(cause))
    return `PostgreSQL's disk is full (the export's query needs temporary space)${where}: ${kept}. Free space on the database's disk, then ${lower(context.rerun)}.`;
  if (isDiskFull(cause)) {
    // The whole is estimated from the bytes per row so far.
    const estimate = stopped && stopped.rows > 0 ? Math.ceil((stopped.bytes / stopped.rows) * stopped.total) : null;
    return describeDiskFull({
      folder: context.folder,
      free: context.free,
      needed: estimate ? { bytes: estimate, atLeast: false } : stopped ? { bytes: stopped.bytes, atLeast: true } : null,
      what: 'the export',
      after: `It stopped${where}: ${kept}. Free space there, then ${lower(context.rerun)}.`,
    });
  }
  const reference = logUnexpectedError(cause, 'export');
  return unexpectedErrorMessage(reference, 'An internal error stopped the export, and nothing of it was kept');
}

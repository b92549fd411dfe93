/**
 * The message of a mining run that stopped on an error: a cancel, a problem with the dump, a lost
 * database connection and a full spool disk are each explained with what is kept and what to do.
 */
import { formatBytes } from '@/lib/backup/backup-manifest';
import { describeDiskFull } from '@/lib/errors/disk-full';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { jobFolderShown } from '@/lib/runtime/private-files';
import { SpoolDiskFullError } from './xml-source';

export interface MiningFailureContext {
  cancelled: boolean;
  input: boolean;
  /** " after 3 of 8 chunks", or nothing before mapping began */
  progress: string;
  /** started from the Mining page (Resume) rather than the command line */
  web: boolean;
  workers: number;
}

export async function describeMiningFailure(error: unknown, c: MiningFailureContext): Promise<string> {
  const reason = error instanceof Error ? error.message : String(error);
  const again = c.web ? 'Resume continues where it stopped' : 'run the same command again to continue';
  const continues = c.web ? 'Resume continues' : 'running the same command again continues';
  if (c.cancelled) return `${c.web ? 'Cancelled' : 'Interrupted'}${c.progress}. Nothing was published; ${again}.`;
  if (c.input) return `${reason}. Nothing was published.`;
  if (isConnectionLost(error))
    return `The database connection was lost${c.progress}. Nothing was published; the finished chunks are kept, so ${continues} once PostgreSQL is running again.`;
  if (error instanceof SpoolDiskFullError)
    return describeDiskFull({
      folder: c.web ? `${jobFolderShown('mining')}, or PARALENS_SPOOL_DIR when set` : error.folder,
      free: await freeBytesAt(error.folder),
      needed: { bytes: error.neededBytes * c.workers, atLeast: false },
      what: `mining with ${c.workers} worker${c.workers === 1 ? '' : 's'} (each decompresses a chunk of the dump there, up to ${formatBytes(error.neededBytes)})`,
      after: `The run stopped${c.progress}: nothing was published, the chunk in progress was removed and the finished chunks are kept. Free space there (or choose fewer workers); ${again}.`,
    });
  return `${reason}. Nothing was published; the finished chunks are kept, so ${continues}.`;
}

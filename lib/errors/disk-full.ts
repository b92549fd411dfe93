/**
 * The message of work that stopped because a disk is full (ENOSPC): which folder, how much it
 * needed (or had written when the disk filled, when the whole is not known in advance), how much is
 * free, and what to do. Web users see folders by the name they know them by (the setting, e.g.
 * PARALENS_HOME/exports), never the server's path; the command line shows the path.
 */
import { formatBytes } from '@/lib/backup/backup-manifest';

export interface DiskFullFacts {
  /** the folder as this reader knows it */
  folder: string;
  /** bytes free there now, when known */
  free: number | null;
  /** what the work needs in all (`needed`), or at least (`atLeast`: what it had written, the whole not being known) */
  needed: { bytes: number; atLeast: boolean } | null;
  /** what stopped: "This upload", "The export" */
  what: string;
  /** what became of its files and the database, and what to do */
  after: string;
}

export function describeDiskFull(f: DiskFullFacts): string {
  const free = f.free === null ? '' : ` (${formatBytes(f.free)} free)`;
  const needs = f.needed ? `${f.needed.atLeast ? 'more than ' : 'about '}${formatBytes(f.needed.bytes)}` : 'more space';
  return `The disk holding ${f.folder} is full${free}: ${f.what} needs ${needs}. ${f.after}`;
}

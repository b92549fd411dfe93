/** What corpus pages and the import routes show of import jobs (prisma ImportJob, read only). */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import type { ImportFunnelStep } from '@/lib/import/types';

export interface ImportJobView {
  id: number;
  fileName: string;
  format: string | null;
  status: JobStatus;
  bytesRead: number;
  fileBytes: number | null;
  recordsRead: number;
  imported: number;
  duplicates: number;
  rejected: number;
  errorCount: number;
  errors: Array<{ line: number; message: string }>;
  message: string | null;
  createdAt: Date;
  /** the format was confirmed: the job waits for its turn or runs */
  confirmedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdBy: string | null;
  /** set-building formats: what each step kept (qa-assessed), shown after the import */
  funnel: ImportFunnelStep[] | null;
}

const jobSelect = {
  id: true,
  fileName: true,
  format: true,
  status: true,
  bytesRead: true,
  fileBytes: true,
  recordsRead: true,
  imported: true,
  duplicates: true,
  rejected: true,
  errorCount: true,
  errors: true,
  message: true,
  createdAt: true,
  confirmedAt: true,
  startedAt: true,
  finishedAt: true,
  funnel: true,
  createdBy: { select: { email: true } },
} as const;

type JobRow = {
  [K in keyof Omit<ImportJobView, 'bytesRead' | 'fileBytes' | 'errors' | 'createdBy' | 'funnel'>]: ImportJobView[K];
} & { bytesRead: bigint; fileBytes: bigint | null; errors: unknown; funnel: unknown; createdBy: { email: string } | null };

function toView(row: JobRow): ImportJobView {
  return {
    ...row,
    bytesRead: Number(row.bytesRead),
    fileBytes: row.fileBytes === null ? null : Number(row.fileBytes),
    errors: Array.isArray(row.errors) ? (row.errors as ImportJobView['errors']) : [],
    funnel: Array.isArray(row.funnel) ? (row.funnel as ImportFunnelStep[]) : null,
    createdBy: row.createdBy?.email ?? null,
  };
}

export async function listImportJobs(
  db: Db,
  corpusId: number,
  limit = 20,
): Promise<Array<ImportJobView & { hasRejects: boolean }>> {
  const rows = await db.importJob.findMany({
    where: { corpusId, dismissedAt: null },
    orderBy: { id: 'desc' },
    take: limit,
    select: { ...jobSelect, rejectsPath: true },
  });
  return rows.map(({ rejectsPath, ...row }) => ({ ...toView(row), hasRejects: rejectsPath !== null }));
}

export async function getImportJob(
  db: Db,
  id: number,
): Promise<(ImportJobView & { corpusId: number; rejectsPath: string | null }) | null> {
  const row = await db.importJob.findUnique({ where: { id }, select: { ...jobSelect, corpusId: true, rejectsPath: true } });
  return row ? { ...toView(row), corpusId: row.corpusId, rejectsPath: row.rejectsPath } : null;
}

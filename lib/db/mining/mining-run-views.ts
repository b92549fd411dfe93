/** What the Mining page, its progress route and the API show of mining runs (prisma MiningRun, read only). */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import { parseFunnel, type FunnelRow } from '@/lib/mining/funnel';

const runSelect = {
  id: true,
  dumpPath: true,
  indexPath: true,
  source: true,
  corpusName: true,
  options: true,
  status: true,
  phase: true,
  resumable: true,
  cancelRequested: true,
  chunksTotal: true,
  chunksDone: true,
  bytesTotal: true,
  bytesDone: true,
  xmlBytes: true,
  pages: true,
  references: true,
  mbPerSecond: true,
  funnel: true,
  message: true,
  createdAt: true,
  updatedAt: true,
  finishedAt: true,
  corpus: { select: { name: true, slug: true } },
} as const;

type RunRow = Awaited<ReturnType<typeof loadRuns>>[number];

function loadRuns(db: Db, where: { id?: number }, take: number) {
  return db.miningRun.findMany({ where, orderBy: { id: 'desc' }, take, select: runSelect });
}

export interface MiningRunView {
  id: number;
  dumpName: string;
  source: string;
  corpusName: string;
  corpus: { name: string; slug: string } | null;
  options: { tier?: string; mode?: string; minRefs?: number; maxRefs?: number; workers?: number };
  status: JobStatus;
  phase: string;
  resumable: boolean;
  /** a cancel was asked for and the run has not stopped yet */
  cancelRequested: boolean;
  chunksTotal: number;
  chunksDone: number;
  bytesTotal: number;
  bytesDone: number;
  xmlBytes: number;
  pages: number;
  references: number;
  mbPerSecond: number | null;
  funnel: FunnelRow[];
  message: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

function toView(row: RunRow): MiningRunView {
  return {
    id: row.id,
    dumpName: row.dumpPath.split('/').at(-1) ?? row.dumpPath,
    source: row.source,
    corpusName: row.corpusName,
    corpus: row.corpus,
    options: (row.options ?? {}) as MiningRunView['options'],
    status: row.status,
    phase: row.phase,
    resumable: row.resumable,
    cancelRequested: row.cancelRequested && row.status === 'RUNNING',
    chunksTotal: row.chunksTotal,
    chunksDone: row.chunksDone,
    bytesTotal: Number(row.bytesTotal),
    bytesDone: Number(row.bytesDone),
    xmlBytes: Number(row.xmlBytes),
    pages: row.pages,
    references: row.references,
    mbPerSecond: row.mbPerSecond,
    funnel: parseFunnel(row.funnel),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listMiningRuns(db: Db, limit = 50): Promise<MiningRunView[]> {
  return (await loadRuns(db, {}, limit)).map(toView);
}

export async function getMiningRun(db: Db, id: number): Promise<MiningRunView | null> {
  const [row] = await loadRuns(db, { id }, 1);
  return row ? toView(row) : null;
}

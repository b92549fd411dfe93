/**
 * One mining run end to end (docs/mining.md): plan the dump (or take a references file), continue
 * an interrupted run of the same dump and mode when there is one, map the chunks in parallel into
 * the staging table, reduce in SQL into the Table 3 funnel, and publish the pairs through the
 * import pipeline. Input errors end the run for good; any other stop leaves it resumable with its
 * finished chunks kept.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@/lib/db/database';
import { withDbRetry } from '@/lib/db/retry';
import { describeMiningFailure } from './mining-failure';
import { setting } from '@/lib/config/settings';
import { hideServerPaths } from '@/lib/errors/server-paths';
import { jobFilesDir } from '@/lib/runtime/private-files';
import { jobOwner, pruneOwners } from '@/lib/runtime/job-owner';
import {
  createMiningRun,
  deleteCorpusIfEmpty,
  findResumableRun,
  finishMiningRun,
  restartMiningRun,
  saveFunnel,
  sumDoneChunks,
  updateMiningProgress,
} from '@/lib/db/mining/mining-runs';
import { getQueuedMiningRun, planQueuedMiningRun } from '@/lib/db/mining/mining-queue';
import { buildReduceTables, computeFunnel } from '@/lib/db/mining/mining-reduce';
import {
  type MiningConnection,
  createStagingTable,
  dropStagingTables,
  openMiningConnection,
  reconcileStaging,
} from '@/lib/db/mining/mining-staging';
import type { FunnelRow } from '@/lib/mining/funnel';
import { MiningCancelled, type StartMapWorkers } from '@/lib/mining/map-work';
import type { MiningMode, ReduceOptions } from '@/lib/mining/mining-options';
import type { ImportProgress } from '@/lib/services/imports/run-import';
import { planDump } from './dump-plan';
import { isInputError, MiningInputError } from './input-errors';
import { loadReferencesFile, planReferencesFile } from './load-references';
import { runMapPhase, type MapProgress } from './map-phase';
import { publishPairs, type PublishResult } from './publish-pairs';

export interface RunMiningOptions extends ReduceOptions {
  /** the handle: the run's staging, reduce and the import's COPY are connections of their own on it */
  db: Database;
  /** boots the map workers (lib/jobs/mining/worker-pool.ts: startMapWorkers), handed in by the job runner or command */
  startWorkers: StartMapWorkers;
  /** the dump, or null with `referencesPath` */
  dumpPath: string | null;
  indexPath: string | null;
  referencesPath: string | null;
  corpusName: string;
  mode: MiningMode;
  workers: number;
  /** start over even when an interrupted run of this dump exists */
  fresh?: boolean;
  /**
   * a run queued from the web app and claimed by this process (lib/jobs/mining/mining-queue.ts):
   * planned now when new, continued when it has chunks; a stop is CANCELLED, and the messages
   * speak of Resume instead of the command
   */
  queuedRunId?: number;
  /** compressed bytes per chunk (default: chooseChunkBytes); tests and benchmarks set it */
  chunkBytes?: number;
  /** pages longer than this many characters are an error (default 16 M) */
  maxPageChars?: number;
  /** the most XML one chunk of a multistream dump may expand to, in bytes (default: PARALENS_MINING_CHUNK_LIMIT_MB) */
  chunkLimitBytes?: number;
  createdById?: number | null;
  /** a queued run's folders as its users know them (the dumps folder: ''): no server path shows in its message */
  shownFolders?: ReadonlyArray<{ path: string; shownAs: string }>;
  onEvent?: (event: MiningEvent) => void;
  isCancelled?: () => boolean;
}

export type MiningEvent =
  | { type: 'started'; runId: number; resumed: boolean; chunksTotal: number; chunksDone: number; redone: number }
  | { type: 'map'; progress: MapProgress }
  | { type: 'phase'; phase: 'reduce' | 'import' }
  | { type: 'import'; progress: ImportProgress };

export interface MiningReport {
  runId: number | null;
  status: 'SUCCEEDED' | 'FAILED';
  message: string | null;
  resumable: boolean;
  funnel: FunnelRow[];
  map: MapProgress | null;
  publish: PublishResult | null;
  seconds: { map: number; reduce: number; publish: number; total: number };
  /** false when the failure could not be written to the run's row (the database was unreachable) */
  recorded?: boolean;
}

async function openRun(o: RunMiningOptions, client: MiningConnection) {
  const options = {
    tier: o.tier,
    mode: o.mode,
    minRefs: o.minRefs,
    maxRefs: o.maxRefs,
    silverRule: o.silverRule,
    workers: o.workers,
  };
  const ownerId = await jobOwner(o.db);
  if (o.referencesPath !== null) {
    const { size, mtime, chunks } = await planReferencesFile(o.referencesPath);
    const run = await createMiningRun(o.db, {
      dumpPath: o.referencesPath,
      dumpBytes: size,
      dumpMtime: mtime,
      indexPath: null,
      source: 'references',
      corpusName: o.corpusName,
      options,
      createdById: o.createdById ?? null,
      ownerId,
      chunks,
    });
    await createStagingTable(client, run.id);
    return {
      runId: run.id,
      resumed: false,
      redone: 0,
      compressed: false,
      path: o.referencesPath,
      chunksTotal: 1,
      bytesTotal: size,
    };
  }
  const plan = await planDump(o.dumpPath!, o.indexPath, o.workers, o.chunkBytes);
  const identity = { dumpPath: o.dumpPath!, dumpBytes: plan.size, dumpMtime: plan.mtime, indexPath: o.indexPath };
  const base = {
    compressed: plan.compressed,
    path: o.dumpPath!,
    chunksTotal: plan.chunks.length,
    bytesTotal: plan.chunks.reduce((s, c) => s + c.end - c.start, 0),
  };
  if (o.queuedRunId !== undefined) return openQueuedRun(o, client, o.queuedRunId, plan, base);
  await pruneOwners(o.db);
  const previous = await findResumableRun(o.db, { ...identity, mode: o.mode });
  if (previous?.isAlive)
    throw new MiningInputError(
      `mining run #${previous.id} is already working on this dump (last progress ${Math.round((Date.now() - previous.updatedAt.getTime()) / 1000)} s ago)`,
    );
  if (previous && !o.fresh) {
    await restartMiningRun(o.db, previous.id, { corpusName: o.corpusName, options, ownerId });
    return { runId: previous.id, resumed: true, redone: await reconcileStaging(client, previous.id), ...base };
  }
  if (previous) {
    await dropStagingTables(client, previous.id);
    await finishMiningRun(o.db, previous.id, { status: 'FAILED', message: 'Superseded by a fresh run (--fresh).' });
  }
  const chunks = plan.chunks.map((c) => ({ index: c.index, start: c.start, end: c.end, expectedPages: c.pages }));
  const run = await createMiningRun(o.db, {
    ...identity,
    source: plan.source,
    corpusName: o.corpusName,
    options,
    createdById: o.createdById ?? null,
    ownerId,
    chunks,
  });
  await createStagingTable(client, run.id);
  return { runId: run.id, resumed: false, redone: 0, ...base };
}

/**
 * A queued run (claimed, RUNNING, owned by this process): its chunks are planned on its first
 * start; a resumed one must find the same dump.
 */
async function openQueuedRun(
  o: RunMiningOptions,
  client: MiningConnection,
  runId: number,
  plan: Awaited<ReturnType<typeof planDump>>,
  base: { compressed: boolean; path: string; chunksTotal: number; bytesTotal: number },
) {
  const row = await getQueuedMiningRun(o.db, runId);
  if (!row) throw new Error(`mining run #${runId} does not exist`);
  if (row.chunksTotal === 0) {
    const chunks = plan.chunks.map((c) => ({ index: c.index, start: c.start, end: c.end, expectedPages: c.pages }));
    await planQueuedMiningRun(o.db, runId, { dumpBytes: plan.size, dumpMtime: plan.mtime, source: plan.source, chunks });
    await createStagingTable(client, runId);
    return { runId, resumed: false, redone: 0, ...base };
  }
  if (Number(row.dumpBytes) !== plan.size || row.dumpMtime.getTime() !== plan.mtime.getTime()) {
    throw new MiningInputError(
      `${o.dumpPath} changed since run #${runId} started (its size or modification time differs), so its finished chunks cannot be continued; start a new run`,
    );
  }
  return { runId, resumed: true, redone: await reconcileStaging(client, runId), ...base, chunksTotal: row.chunksTotal };
}

export async function runMining(o: RunMiningOptions): Promise<MiningReport> {
  const t0 = performance.now();
  const seconds = { map: 0, reduce: 0, publish: 0, total: 0 };
  // The map workers boot (tsx, the tagger's lexicon) while the dump is planned and the run recorded.
  const pool =
    o.referencesPath === null
      ? o.startWorkers({
          workers: o.workers,
          path: o.dumpPath!,
          mode: o.mode,
          ...(o.maxPageChars ? { maxPageChars: o.maxPageChars } : {}),
        })
      : null;
  const client = await openMiningConnection(o.db).catch(async (error: unknown) => {
    await pool?.close();
    throw error;
  });
  let runId: number | null = null;
  /** where the map spools its chunks (nothing stays in it: every spool file is unlinked at once) */
  let runFolder: string | null = null;
  let map: MapProgress | null = null;
  let publish: PublishResult | null = null;
  let funnel: FunnelRow[] = [];
  try {
    const run = await openRun(o, client);
    runId = run.runId;
    o.onEvent?.({
      type: 'started',
      runId,
      resumed: run.resumed,
      chunksTotal: run.chunksTotal,
      chunksDone: (await sumDoneChunks(o.db, runId)).chunks,
      redone: run.redone,
    });
    if (pool === null) await loadReferencesFile(client, o.db, runId, o.referencesPath!);
    else {
      runFolder = path.join(jobFilesDir('mining'), `run-${runId}`);
      map = await runMapPhase({
        db: o.db,
        client,
        runId,
        pool,
        compressed: run.compressed,
        workers: o.workers,
        chunksTotal: run.chunksTotal,
        bytesTotal: run.bytesTotal,
        runFolder,
        chunkLimitBytes: o.chunkLimitBytes ?? setting('PARALENS_MINING_CHUNK_LIMIT_MB') * 2 ** 20,
        ...(o.maxPageChars ? { maxPageChars: o.maxPageChars } : {}),
        onProgress: (progress) => {
          map = progress;
          o.onEvent?.({ type: 'map', progress });
        },
        ...(o.isCancelled ? { isCancelled: o.isCancelled } : {}),
      });
      await pool.close(); // free the workers' memory before reduce and import (closed again, harmlessly, below)
    }
    seconds.map = (performance.now() - t0) / 1000;
    // A chunk in progress always finishes (and is kept); a stop asked for meanwhile ends the run here.
    if (o.isCancelled?.()) throw new MiningCancelled('cancelled');

    o.onEvent?.({ type: 'phase', phase: 'reduce' });
    await updateMiningProgress(o.db, runId, { phase: 'reduce' });
    const t1 = performance.now();
    await buildReduceTables(client, runId, o);
    funnel = await computeFunnel(client, runId, o);
    await saveFunnel(o.db, runId, funnel);
    seconds.reduce = (performance.now() - t1) / 1000;

    o.onEvent?.({ type: 'phase', phase: 'import' });
    await updateMiningProgress(o.db, runId, { phase: 'import' });
    const t2 = performance.now();
    publish = await publishPairs({
      db: o.db,
      client,
      runId,
      corpusName: o.corpusName,
      tier: o.tier,
      source: run.path.split('/').at(-1) ?? run.path,
      createdById: o.createdById ?? null,
      onImportProgress: (progress) => o.onEvent?.({ type: 'import', progress }),
    });
    seconds.publish = (performance.now() - t2) / 1000;
    const report = publish.report;
    if (report && report.status === 'FAILED') {
      if (publish.corpus?.created) await deleteCorpusIfEmpty(o.db, publish.corpus.id);
      throw new Error(`the import of the mined pairs failed: ${report.message ?? report.errors.join('; ')}`);
    }
    await dropStagingTables(client, runId);
    const message =
      publish.pairs === 0
        ? 'No pair survived the filters: nothing was imported.'
        : report?.status === 'UNCHANGED'
          ? report.message
          : null;
    await finishMiningRun(o.db, runId, {
      status: 'SUCCEEDED',
      message,
      corpusId: publish.corpus?.id ?? null,
      importJobId: report?.jobId ?? null,
    });
    seconds.total = (performance.now() - t0) / 1000;
    return { runId, status: 'SUCCEEDED', message, resumable: false, funnel, map, publish, seconds };
  } catch (error) {
    if (runId === null && o.queuedRunId !== undefined) runId = o.queuedRunId; // a queued run failed while being planned
    const input = isInputError(error);
    const cancelled = error instanceof MiningCancelled;
    const progress = map ? ` after ${map.chunksDone} of ${map.chunksTotal} chunks` : '';
    const web = o.queuedRunId !== undefined;
    const told = await describeMiningFailure(error, { cancelled, input, progress, web, workers: o.workers });
    // The command line's user gave the paths; the Mining page's users know the dumps by their listing names.
    const message = web ? hideServerPaths(told, o.shownFolders) : told;
    let recorded = true;
    if (runId !== null) {
      const id = runId;
      if (input) await dropStagingTables(client, id).catch(() => {});
      await withDbRetry(
        () => finishMiningRun(o.db, id, { status: cancelled && web ? 'CANCELLED' : 'FAILED', message, resumable: !input }),
        { attempts: 4 },
      ).catch(() => (recorded = false));
    }
    seconds.total = (performance.now() - t0) / 1000;
    return {
      runId,
      status: 'FAILED',
      message,
      resumable: runId !== null && !input,
      funnel,
      map,
      publish,
      seconds,
      ...(recorded ? {} : { recorded: false }),
    };
  } finally {
    await pool?.close();
    if (runFolder) await rm(runFolder, { recursive: true, force: true }).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Mining runs started from the web app (the Mining page, `POST /api/v1/mining-runs`): a run is
 * queued on a dump of the dumps folder (./list-dumps.ts) for the job supervisor
 * (./mining-queue.ts). Resume queues a stopped run again and it continues where it stopped (its
 * finished chunks kept, as when the command is run again); starting a dump that has a stopped run
 * of the same file and mode continues that run, as the command does. Each start, cancel and resume
 * is audited. Cancelling, resuming and continuing a run (with another corpus name) are its creator's
 * or an admin's (lib/access/ownership.ts). An instance whose files folder fails its check refuses to
 * queue a run (503); a queued run records the folder's id, so only an instance with it runs the run.
 */
import { availableParallelism } from 'node:os';
import { stat } from 'node:fs/promises';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { findResumableRun, getMiningRunCreator } from '@/lib/db/mining/mining-runs';
import { isCreatorOrAdmin } from '@/lib/access/ownership';
import type { RoleName } from '@/lib/access/roles';
import { findWaitingMiningRun, queueMiningRun, requestMiningCancel, requeueMiningRun } from '@/lib/db/mining/mining-queue';
import { getMiningRun, type MiningRunView } from '@/lib/db/mining/mining-run-views';
import { listAdminDumpUploads } from '@/lib/db/mining/dump-uploads';
import { AppError } from '@/lib/errors/app-error';
import type { MiningSettings } from '@/lib/mining/mining-options';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import { resolveListedDump, sniffDump } from './list-dumps';

export interface StartMiningInput extends MiningSettings {
  /** a name from the dumps listing */
  dump: string;
  /** the multistream index, a name from the same listing */
  index?: string | null | undefined;
  corpus: string;
}

type Actor = { id: number; role: RoleName };

const NOT_YOURS = 'was started by another user: only they or an admin may cancel, resume or re-target it.';

/** The run's creator or an admin; else 403 (404 for a run that does not exist). */
async function requireOwnRun(db: Db, actor: Actor, id: number): Promise<void> {
  const run = await getMiningRunCreator(db, id);
  if (!run) throw new AppError('NOT_FOUND', 'That mining run does not exist.');
  if (!isCreatorOrAdmin(actor, run.createdById)) throw new AppError('FORBIDDEN', `Mining run #${id} ${NOT_YOURS}`);
}

async function requireRun(db: Db, id: number): Promise<MiningRunView> {
  const run = await getMiningRun(db, id);
  if (!run) throw new AppError('NOT_FOUND', 'That mining run does not exist.');
  return run;
}

/** Queues a run on a listed dump (or continues a stopped run of the same dump and mode). */
export async function startWebMining(
  db: Db,
  actor: Actor,
  input: StartMiningInput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ run: MiningRunView; resumed: boolean }> {
  const filesFolderId = await requireFilesFolder(db, env);
  const adminUploads = await listAdminDumpUploads(db);
  const dumpPath = await resolveListedDump(input.dump, 'dump', env, adminUploads);
  const indexPath = input.index ? await resolveListedDump(input.index, 'index', env, adminUploads) : null;
  const kind = await sniffDump(dumpPath);
  if (kind === null) {
    throw new AppError(
      'INVALID_INPUT',
      `“${input.dump}” is not a Wikipedia dump: it is neither a bz2 file nor XML. Choose a pages-articles .xml or .xml.bz2 file.`,
      {
        fields: { dump: 'is neither a bz2 file nor XML' },
      },
    );
  }
  if (indexPath !== null && kind !== 'bz2') {
    throw new AppError('INVALID_INPUT', `An index goes with a multistream .bz2 dump, but “${input.dump}” is plain XML.`, {
      fields: { index: 'goes with a multistream .bz2 dump only' },
    });
  }
  // Each worker is a thread with its own heap beside a decompressor: more than the cores only competes for them.
  const cores = availableParallelism();
  if (input.workers !== undefined && input.workers > cores)
    throw new AppError(
      'INVALID_INPUT',
      `At most ${cores} map worker${cores === 1 ? '' : 's'}: the server has ${cores} core${cores === 1 ? '' : 's'}, and more workers would only compete for them.`,
      { fields: { workers: `at most ${cores}, the server’s cores` } },
    );
  const info = await stat(dumpPath);
  const options = {
    tier: input.tier,
    mode: input.mode,
    minRefs: input.minRefs,
    maxRefs: input.maxRefs,
    silverRule: input.silverRule,
    workers: input.workers ?? availableParallelism(),
  };
  const waiting = await findWaitingMiningRun(db, dumpPath);
  if (waiting) throw new AppError('CONFLICT', `Mining run #${waiting.id} is already waiting to mine this dump.`);
  const previous = await findResumableRun(db, {
    dumpPath,
    dumpBytes: info.size,
    dumpMtime: info.mtime,
    indexPath,
    mode: input.mode,
  });
  if (previous?.status === 'RUNNING') {
    throw new AppError(
      'CONFLICT',
      previous.isAlive
        ? `Mining run #${previous.id} is already working on this dump.`
        : `Mining run #${previous.id} of this dump stopped moments ago; try again in a few seconds.`,
    );
  }
  let id: number;
  const resumed = previous !== null;
  // Starting a dump that has a stopped run continues that run, under the corpus name given now.
  if (previous && !isCreatorOrAdmin(actor, previous.createdById))
    throw new AppError(
      'FORBIDDEN',
      `Mining run #${previous.id} of this dump and mode ${NOT_YOURS} Ask them to resume it, or choose the other mode.`,
    );
  if (previous) {
    if (!(await requeueMiningRun(db, previous.id, { corpusName: input.corpus, options, filesFolderId })))
      throw new AppError('CONFLICT', `Mining run #${previous.id} of this dump changed meanwhile; try again.`);
    id = previous.id;
  } else {
    id = (
      await queueMiningRun(db, {
        dumpPath,
        dumpBytes: info.size,
        dumpMtime: info.mtime,
        indexPath,
        source: indexPath ? 'multistream' : kind,
        corpusName: input.corpus,
        options,
        createdById: actor.id,
        filesFolderId,
      })
    ).id;
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: 'mining.start',
    targetType: 'mining-run',
    targetId: id,
    details: { dump: input.dump, index: input.index ?? null, corpus: input.corpus, ...options, resumed },
  });
  return { run: await requireRun(db, id), resumed };
}

/** A waiting run is cancelled at once; a running one stops after the chunks in progress. */
export async function cancelWebMining(db: Db, actor: Actor, id: number): Promise<MiningRunView> {
  await requireOwnRun(db, actor, id);
  const outcome = await requestMiningCancel(db, id);
  if (outcome === 'not-found') throw new AppError('NOT_FOUND', 'That mining run does not exist.');
  if (outcome === 'ended')
    throw new AppError('CONFLICT', 'Only a waiting or running mining run can be cancelled; this one has ended.');
  await recordAudit(db, {
    actorId: actor.id,
    action: 'mining.cancel',
    targetType: 'mining-run',
    targetId: id,
    details: { stoppedAt: outcome === 'cancelled' ? 'waiting' : 'running' },
  });
  return requireRun(db, id);
}

/** Queues a stopped run that kept its finished chunks again; it continues where it stopped. */
export async function resumeWebMining(db: Db, actor: Actor, id: number): Promise<MiningRunView> {
  await requireOwnRun(db, actor, id);
  const run = await requireRun(db, id);
  if (run.source === 'references')
    throw new AppError(
      'CONFLICT',
      'A run of a references file (paralens mine --from-references) can only be continued from the command line.',
    );
  if (!(await requeueMiningRun(db, id, { filesFolderId: await requireFilesFolder(db) }))) {
    throw new AppError(
      'CONFLICT',
      run.status === 'FAILED' && !run.resumable
        ? 'This run failed on its input, so it cannot continue; fix the file and start a new run.'
        : 'Only a failed or cancelled run that kept its finished chunks can be resumed.',
    );
  }
  await recordAudit(db, {
    actorId: actor.id,
    action: 'mining.resume',
    targetType: 'mining-run',
    targetId: id,
    details: { chunksDone: run.chunksDone, chunksTotal: run.chunksTotal },
  });
  return requireRun(db, id);
}

/**
 * The files folder's state as this process last found it (lib/runtime/files-folder.ts), checked again
 * after a few seconds, so a mount that comes back (or goes) is noticed without a restart and a
 * proxy's health checks do not each write a probe file. The routes and actions that upload a file,
 * queue a file job or download an export ask `requireFilesFolder` first; the job supervisor asks
 * before claiming a file job.
 */
import type { Db } from '@/lib/db/client';
import { sharedFolderRecord } from '@/lib/db/instances/shared-folder-id';
import { AppError } from '@/lib/errors/app-error';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { checkFilesFolder, folderSetting, type FilesFolderState } from './files-folder';
import { resolveFilesRoot, resolveSharedDir } from './paralens-home';

const RECHECK_MS = 5_000;

const recent = new Map<string, { at: number; state: Promise<FilesFolderState> }>();

/** The state of the files folder of `env`, at most a few seconds old. */
export function filesFolderStatus(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<FilesFolderState> {
  const key = `${resolveSharedDir(env) ?? ''}\n${resolveFilesRoot(env)}`;
  const known = recent.get(key);
  if (known && Date.now() - known.at < RECHECK_MS) return known.state;
  const state = checkFilesFolder(env, sharedFolderRecord(db)).catch((error: unknown) => unchecked(env, error));
  recent.set(key, { at: Date.now(), state });
  return state;
}

/** A check that could not finish (the database away while comparing the shared folder's id). */
function unchecked(env: NodeJS.ProcessEnv, error: unknown): FilesFolderState {
  const shared = resolveSharedDir(env) !== null;
  const cause = isConnectionLost(error)
    ? "the database is unreachable, so the folder's id could not be compared with the other instances'"
    : `the folder could not be checked (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  return {
    path: resolveFilesRoot(env),
    shared,
    ok: false,
    folderId: null,
    problem: 'unchecked',
    cause,
    fix: 'It is checked again in a few seconds.',
  };
}

/** Forgets the last checks (tests that change the folder under a running check). */
export function forgetFilesFolderChecks(): void {
  recent.clear();
}

/** The error a request that needs the files folder gets when it fails: the folder by its setting, the cause and the fix. */
export function filesFolderError(state: FilesFolderState): AppError {
  return new AppError(
    'UNAVAILABLE',
    `This Paralens instance cannot store or read files now: its files folder (${folderSetting(state)}) ${state.cause?.replace(/^the folder /, '') ?? 'failed its check'}. ${state.fix ?? ''} Ask the administrator; everything that needs no files works meanwhile.`.trim(),
  );
}

/**
 * This instance's files folder id while the folder passes its check, else null: for a job that
 * works without the folder's files too (scoring leaves out measures whose models are missing), so
 * a broken folder does not refuse the request: the job is then left to any instance whose folder works.
 */
export async function usableFilesFolderId(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const state = await filesFolderStatus(db, env);
  return state.ok ? state.folderId : null;
}

/** This instance's files folder id; throws AppError UNAVAILABLE (503) when the folder fails its check. */
export async function requireFilesFolder(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const state = await filesFolderStatus(db, env);
  if (!state.ok || !state.folderId) throw filesFolderError(state);
  return state.folderId;
}

/**
 * A file a job of folder `jobFolderId` wrote, asked for on this instance: an AppError when it is
 * in another instance's folder (no shared folder), so the answer says why and what to do instead of
 * a bare 404.
 */
export async function requireJobFiles(
  db: Db,
  jobFolderId: string | null,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const own = await requireFilesFolder(db, env);
  if (jobFolderId === null || jobFolderId === own) return;
  throw new AppError(
    'UNAVAILABLE',
    `${what} was written on another Paralens instance, into that instance's own files folder, which this instance cannot read. Try again later (another try may reach that instance), and ask the administrator to set PARALENS_SHARED_DIR to a folder every instance mounts.`,
  );
}

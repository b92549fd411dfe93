/**
 * The files folder's check (docs/decisions/014-shared-folder.md): the folder that holds what another
 * instance on the same database may have to read (uploads, rejects, exports, mining run folders, and
 * by default dumps and models) is PARALENS_SHARED_DIR when set, else this instance's PARALENS_HOME.
 * It must be there, writable (a probe file is written, synced, renamed, read back and deleted) and,
 * when shared, the same folder as the other instances': its `.paralens-folder-id` holds a random id
 * that the first instance records in the database, and an instance whose folder holds another id,
 * or none, is not on the shared folder (an empty mount point, another server's export).
 *
 * The id also marks the jobs: a job records the id of the folder its files are in, and only an
 * instance whose folder has that id claims it; without PARALENS_SHARED_DIR each home has an id of its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SharedFolderRecord } from '@/lib/db/instances/shared-folder-id';
import { resolveFilesRoot, resolveSharedDir } from './paralens-home';

export const FOLDER_ID_FILE = '.paralens-folder-id';

export type FilesFolderProblem = 'missing' | 'not-writable' | 'not-shared' | 'unchecked';

export interface FilesFolderState {
  /** the folder checked: PARALENS_SHARED_DIR, or PARALENS_HOME without it */
  path: string;
  /** whether PARALENS_SHARED_DIR is set */
  shared: boolean;
  ok: boolean;
  /** the folder's id when ok (what jobs record), else null */
  folderId: string | null;
  problem: FilesFolderProblem | null;
  /** what is wrong, without the path (for users' error messages), null when ok */
  cause: string | null;
  /** what an administrator does about it, null when ok */
  fix: string | null;
}

/** The folder's setting, as messages name it. */
export function folderSetting(state: Pick<FilesFolderState, 'shared'>): string {
  return state.shared ? 'PARALENS_SHARED_DIR' : 'PARALENS_HOME';
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : 'error');

/**
 * Writes, syncs, renames, reads back and deletes a probe file in `dir`; null when all of it worked,
 * else why not. Root ignores file modes, so a folder is read-only here only when its mount is.
 */
export async function probeFolder(dir: string): Promise<{ problem: 'missing' | 'not-writable'; cause: string } | null> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) return { problem: 'missing', cause: info ? 'is not a folder' : 'does not exist' };
  const token = randomBytes(16).toString('hex');
  const temporary = path.join(dir, `.paralens-probe-${process.pid}-${token}.tmp`);
  const probe = path.join(dir, `.paralens-probe-${process.pid}-${token}`);
  let step = 'written';
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(token);
      step = 'synced';
      await handle.sync();
    } finally {
      await handle.close();
    }
    step = 'renamed';
    await rename(temporary, probe);
    step = 'read back';
    if ((await readFile(probe, 'utf8')) !== token)
      return { problem: 'not-writable', cause: 'gave back other bytes than were written to it' };
    step = 'deleted';
    await rm(probe);
    return null;
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    await rm(probe, { force: true }).catch(() => undefined);
    return { problem: 'not-writable', cause: `is not writable (a probe file could not be ${step}: ${errorCode(error)})` };
  }
}

/** The folder's id, null when it has none (or it cannot be read). */
export async function readFolderId(dir: string): Promise<string | null> {
  const text = await readFile(path.join(dir, FOLDER_ID_FILE), 'utf8').catch(() => null);
  const id = text?.trim();
  return id ? id : null;
}

/** Gives the folder an id, unless another process just did (exclusive create); returns the folder's id. */
async function createFolderId(dir: string): Promise<string> {
  try {
    await writeFile(path.join(dir, FOLDER_ID_FILE), `${randomUUID()}\n`, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const id = await readFolderId(dir);
  if (!id) throw new Error(`${FOLDER_ID_FILE} could not be read back`);
  return id;
}

function failed(
  base: Omit<FilesFolderState, 'ok' | 'folderId' | 'problem' | 'cause' | 'fix'>,
  problem: FilesFolderProblem,
  cause: string,
  fix: string,
): FilesFolderState {
  return { ...base, ok: false, folderId: null, problem, cause, fix };
}

/**
 * Checks the files folder of `env`. `record` is the database's record of the shared folder's id
 * (lib/db/instances/shared-folder-id.ts), used only with PARALENS_SHARED_DIR.
 */
export async function checkFilesFolder(env: NodeJS.ProcessEnv, record: SharedFolderRecord): Promise<FilesFolderState> {
  const shared = resolveSharedDir(env) !== null;
  const base = { path: resolveFilesRoot(env), shared };
  const name = folderSetting(base);
  // The home is this instance's own: made when missing, as it always was. A shared folder never is (an unmounted mount point).
  if (!shared) await mkdir(base.path, { recursive: true, mode: 0o700 }).catch(() => undefined);
  const probed = await probeFolder(base.path);
  if (probed?.problem === 'missing')
    return failed(
      base,
      'missing',
      `the folder ${probed.cause}`,
      shared
        ? `Mount the shared folder at ${name}, or set ${name} to where it is mounted.`
        : `Create it, or set ${name} to a folder that exists.`,
    );
  if (probed)
    return failed(
      base,
      'not-writable',
      `the folder ${probed.cause}`,
      `Mount it read-write for the account running Paralens, with free space, or set ${name} to a folder that is.`,
    );
  let id = await readFolderId(base.path);
  if (!shared)
    return { ...base, ok: true, folderId: id ?? (await createFolderId(base.path)), problem: null, cause: null, fix: null };
  const expected = await record.read();
  if (!expected) {
    id ??= await createFolderId(base.path);
    const recorded = await record.claim(id);
    if (recorded === id) return { ...base, ok: true, folderId: id, problem: null, cause: null, fix: null };
    return notShared(base, id, recorded);
  }
  return id === expected
    ? { ...base, ok: true, folderId: id, problem: null, cause: null, fix: null }
    : notShared(base, id, expected);
}

function notShared(base: { path: string; shared: boolean }, id: string | null, expected: string): FilesFolderState {
  const found = id ? `its ${FOLDER_ID_FILE} holds ${id}` : `it has no ${FOLDER_ID_FILE} (an empty mount point?)`;
  return failed(
    base,
    'not-shared',
    `the folder is not the one the other instances use: ${found}, while the database expects ${expected}`,
    `Mount the same shared folder as the other instances at PARALENS_SHARED_DIR. If every instance moved to this folder, copy ${FOLDER_ID_FILE} from the old folder into it.`,
  );
}

/** One line for start-up and the logs: what was found, in plain words. */
export function describeFilesFolder(state: FilesFolderState): string {
  const name = folderSetting(state);
  if (state.ok && state.shared)
    return `Files folder: ${state.path} (PARALENS_SHARED_DIR) is there, writable and the one the other instances use (id ${state.folderId}).`;
  if (state.ok)
    return `Files folder: ${state.path} (PARALENS_HOME, this instance's own; other instances on this database cannot read its uploads or exports: set PARALENS_SHARED_DIR to share them).`;
  return `paralens: files folder ${state.path} (${name}): ${state.cause}. ${state.fix} Until then this instance serves everything else but runs no imports from uploads, exports, mining runs or model installs, and refuses uploads and export downloads.`;
}

/**
 * Files Paralens keeps in the files folder (PARALENS_SHARED_DIR, else PARALENS_HOME: uploads waiting
 * for import, rejects files, exports, mining run folders) are private
 * to the account running it: folders 0700, files 0600. PARALENS_HOME itself is 0700, or 0711 when
 * running as root, because the embedded PostgreSQL then runs as the `postgres` user and must be
 * able to pass through to its own data folder (it cannot list or read anything else).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveFilesRoot, resolveParalensHome, resolveSharedDir } from '@/lib/runtime/paralens-home';

/** `mining`: a run's folder, where its chunks are decompressed (lib/services/mining/xml-source.ts) */
export type JobFileKind = 'uploads' | 'rejects' | 'exports' | 'mining';

export function jobFilesDir(kind: JobFileKind, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(resolveFilesRoot(env), kind);
}

/**
 * The folder as its users know it, for messages (never the server's path): `the exports folder
 * (PARALENS_SHARED_DIR/exports)` when the instances share a files folder, else under PARALENS_HOME.
 */
export function jobFolderShown(kind: JobFileKind, env: NodeJS.ProcessEnv = process.env): string {
  const root = resolveSharedDir(env) ? 'PARALENS_SHARED_DIR' : 'PARALENS_HOME';
  return `the ${kind} folder (${root}/${kind})`;
}

/** The folder, created private if missing. */
export async function ensurePrivateDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  return dir;
}

export function createPrivateWriteStream(file: string): WriteStream {
  return createWriteStream(file, { mode: 0o600 });
}

/**
 * Errors of a files folder that is read-only or gone (a lost NFS mount): the file stays, and the
 * start-up sweep removes it once the folder is back and no job refers to it.
 */
const UNREACHABLE = new Set(['EROFS', 'ESTALE', 'ENOTCONN']);

export async function removeFile(file: string | null | undefined): Promise<void> {
  if (!file) return;
  await rm(file, { force: true }).catch((error: unknown) => {
    if (!UNREACHABLE.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  });
}

/** A file written this recently may still be arriving from another instance on a shared folder: sweeps leave it. */
const RECENT_MS = 10 * 60_000;

/** Tightens the modes of PARALENS_HOME, its job folders and their files (start-up). */
export async function securePrivateFiles(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const home = resolveParalensHome(env);
  await chmod(home, process.getuid?.() === 0 ? 0o711 : 0o700).catch(() => {});
  await chmod(path.join(home, 'secrets.json'), 0o600).catch(() => {});
  for (const kind of ['uploads', 'rejects'] as const) {
    const dir = await ensurePrivateDir(jobFilesDir(kind, env));
    for (const name of await readdir(/* turbopackIgnore: true */ dir))
      await chmod(path.join(/* turbopackIgnore: true */ dir, name), 0o600).catch(() => {});
  }
}

/**
 * Deletes files in the job folders that no job refers to and that have not changed for a while;
 * returns how many (start-up: nothing of this instance's runs, but another instance's upload may be arriving).
 */
export async function sweepOrphanFiles(referenced: ReadonlySet<string>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let removed = 0;
  for (const kind of ['uploads', 'rejects'] as const) {
    const dir = jobFilesDir(kind, env);
    const names = await readdir(/* turbopackIgnore: true */ dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(/* turbopackIgnore: true */ dir, name);
      const info = await stat(/* turbopackIgnore: true */ file);
      if (referenced.has(file) || !info.isFile() || Date.now() - info.mtimeMs < RECENT_MS) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

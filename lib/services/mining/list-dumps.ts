/**
 * The dumps the web app may mine: files under the dumps folder, PARALENS_DUMPS_DIR or, when it is
 * unset, <PARALENS_HOME>/dumps (docs/mining.md, "From the web app"). The Mining page lists them
 * with their sizes, and a run names one by its place in that listing, never by a path: a name is
 * accepted only when the listing has it, so `..`, absolute paths and symbolic links that lead out
 * of the folder cannot reach another file.
 *
 * The folder's own files (the admin's) are listed first and capped on their own; the uploads
 * (`uploads/`, ./upload-dump.ts) after them, an admin's first, so no number of uploads can push an
 * admin's dump out of the listing (2,000 uploads once did, and it could not be started).
 */
import type { Dirent } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors/app-error';
import type { Env } from '@/lib/config/settings';
import { resolveDumpsDir } from '@/lib/runtime/paralens-home';

export interface DumpFile {
  /** the path inside the folder, with `/` between folders */
  name: string;
  bytes: number;
  modifiedAt: string;
  /** from the name: a multistream index (`…index….txt[.bz2]`), a dump (`.xml`, `.bz2`), or something else */
  kind: 'dump' | 'index' | 'other';
}

export interface DumpsListing {
  /** PARALENS_DUMPS_DIR is set (false: the default folder under PARALENS_HOME) */
  configured: boolean;
  dir: string;
  /** false: the folder is not there (yet: the default one is made by the first upload) */
  exists: boolean;
  dumps: DumpFile[];
}

/** A listed file with the real path it leads to (not shown: the listing answers with names only). */
type ListedFile = DumpFile & { realPath: string };

/** Folders below the dumps folder that are listed; files deeper down are not offered. */
const MAX_DEPTH = 3;
/** A folder of thousands of files is not a dumps folder: the listing stops there (the folder's files and the uploads each). */
const MAX_FILES = 2000;

export function dumpsDir(env: Env = process.env): string {
  return resolveDumpsDir(env).dir;
}

export function dumpKind(name: string): DumpFile['kind'] {
  const base = name.split('/').at(-1)!.toLowerCase();
  if (/index.*\.txt(\.bz2)?$/.test(base)) return 'index';
  return /\.(xml|bz2)$/.test(base) ? 'dump' : 'other';
}

/** Whether `file` (a real path) is inside `root` (a real path). */
function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Files under `dir`, in name order, up to `limit`; the top-level uploads folder is left to listFiles. */
async function walk(root: string, dir: string, depth: number, out: ListedFile[], limit: number): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= limit || entry.name.startsWith('.')) continue;
    if (dir === root && entry.name === UPLOADS_FOLDER) continue;
    const full = path.join(dir, entry.name);
    // A symbolic link counts only when what it points to is inside the folder too.
    const real = await realpath(full).catch(() => null);
    if (real === null || !isInside(root, real)) continue;
    const info = await stat(real).catch(() => null);
    if (info?.isDirectory() && depth < MAX_DEPTH && !entry.isSymbolicLink()) await walk(root, full, depth + 1, out, limit);
    else if (info?.isFile()) {
      const name = path.relative(root, full).split(path.sep).join('/');
      out.push({ name, bytes: info.size, modifiedAt: info.mtime.toISOString(), kind: dumpKind(name), realPath: real });
    }
  }
}

/** The folder's files (up to MAX_FILES), then the uploads: `adminUploads` first, then the others, up to MAX_FILES. */
async function listFiles(
  env: NodeJS.ProcessEnv,
  adminUploads: ReadonlySet<string> = new Set(),
): Promise<{ configured: boolean; dir: string; exists: boolean; files: ListedFile[] }> {
  const { dir, isDefault } = resolveDumpsDir(env);
  const root = await realpath(dir).catch(() => null);
  const exists = root !== null && (await stat(root)).isDirectory();
  const files: ListedFile[] = [];
  if (exists) {
    await walk(root, root, 1, files, MAX_FILES);
    const uploads: ListedFile[] = [];
    await walk(root, path.join(root, UPLOADS_FOLDER), 2, uploads, Infinity);
    const byAdmin = (f: ListedFile) => (adminUploads.has(f.name) ? 0 : 1);
    files.push(...uploads.sort((a, b) => byAdmin(a) - byAdmin(b)).slice(0, MAX_FILES));
  }
  return { configured: !isDefault, dir, exists, files };
}

export async function listDumps(adminUploads?: ReadonlySet<string>, env: NodeJS.ProcessEnv = process.env): Promise<DumpsListing> {
  const { files, ...listing } = await listFiles(env, adminUploads);
  return { ...listing, dumps: files.map(({ realPath: _real, ...file }) => file) };
}

/**
 * The real path of a listed file; `field` names the request field in the error. Anything the
 * listing does not hold (another folder, `..`, a link out of the folder, a typo) is refused alike.
 */
export async function resolveListedDump(
  name: string,
  field: string,
  env: NodeJS.ProcessEnv = process.env,
  adminUploads?: ReadonlySet<string>,
): Promise<string> {
  const listing = await listFiles(env, adminUploads);
  const listed = listing.files.find((d) => d.name === name);
  if (!listed) {
    throw new AppError('INVALID_INPUT', `“${name}” is not a file in the dumps folder; choose one from the list.`, {
      fields: { [field]: 'is not a file in the dumps folder' },
    });
  }
  return listed.realPath;
}

/** What the first bytes say: a bz2 file, XML, or neither (then it cannot be a Wikipedia dump). */
export async function sniffDump(file: string): Promise<'bz2' | 'xml' | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.toString('latin1', 0, 3) === 'BZh') return 'bz2';
    return bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('<')
      ? 'xml'
      : null;
  } finally {
    await handle.close();
  }
}

/** Where uploaded dumps go: a folder of the dumps folder, so they are listed like the others (./upload-dump.ts). */
export const UPLOADS_FOLDER = 'uploads';

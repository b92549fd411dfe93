/**
 * The dumps the web app may mine: files under the dumps folder, PARALENS_DUMPS_DIR or, when it is
 * unset, <PARALENS_HOME>/dumps (docs/mining.md, "From the web app"). The Mining page lists them
 * with their sizes, and a run names one by its place in that listing, never by a path: a name is
 * accepted only when the listing has it, so `..`, absolute paths and symbolic links that lead out
 * of the folder cannot reach another file.
 */
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
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
/** A folder of thousands of files is not a dumps folder: the listing stops there. */
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

async function walk(root: string, dir: string, depth: number, out: ListedFile[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= MAX_FILES || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    // A symbolic link counts only when what it points to is inside the folder too.
    const real = await realpath(full).catch(() => null);
    if (real === null || !isInside(root, real)) continue;
    const info = await stat(real).catch(() => null);
    if (info?.isDirectory() && depth < MAX_DEPTH && !entry.isSymbolicLink()) await walk(root, full, depth + 1, out);
    else if (info?.isFile()) {
      const name = path.relative(root, full).split(path.sep).join('/');
      out.push({ name, bytes: info.size, modifiedAt: info.mtime.toISOString(), kind: dumpKind(name), realPath: real });
    }
  }
}

async function listFiles(
  env: NodeJS.ProcessEnv,
): Promise<{ configured: boolean; dir: string; exists: boolean; files: ListedFile[] }> {
  const { dir, isDefault } = resolveDumpsDir(env);
  const root = await realpath(dir).catch(() => null);
  const exists = root !== null && (await stat(root)).isDirectory();
  const files: ListedFile[] = [];
  if (exists) await walk(root, root, 1, files);
  return { configured: !isDefault, dir, exists, files };
}

export async function listDumps(env: NodeJS.ProcessEnv = process.env): Promise<DumpsListing> {
  const { files, ...listing } = await listFiles(env);
  return { ...listing, dumps: files.map(({ realPath: _real, ...file }) => file) };
}

/**
 * The real path of a listed file; `field` names the request field in the error. Anything the
 * listing does not hold (another folder, `..`, a link out of the folder, a typo) is refused alike.
 */
export async function resolveListedDump(name: string, field: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const listing = await listFiles(env);
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

/** Where uploaded dumps go: a folder of the dumps folder, so they are listed like the others. */
export const UPLOADS_FOLDER = 'uploads';

/**
 * An uploaded dump, streamed into `uploads/` of the dumps folder under a hidden `.partial` name (not
 * listed) and renamed once complete and checked to be bz2 or XML. Only the last part of the name
 * is kept, reduced to letters, digits, `.`, `_` and `-`, so no name can leave that folder.
 */
export async function saveUploadedDump(
  body: ReadableStream<Uint8Array>,
  fileName: string,
  save: (body: ReadableStream<Uint8Array>, target: string) => Promise<{ bytes: number }>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DumpFile> {
  const dir = dumpsDir(env);
  const base = (fileName.split(/[\\/]/).at(-1) ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  if (!/\.(xml|bz2)$/i.test(base))
    throw new AppError(
      'INVALID_INPUT',
      `“${fileName}” does not look like a Wikipedia dump: its name should end in .xml or .xml.bz2.`,
      { fields: { file: 'must be a .xml or .xml.bz2 file' } },
    );
  const folder = path.join(dir, UPLOADS_FOLDER);
  await mkdir(folder, { recursive: true }).catch(() => {
    throw new AppError(
      'INVALID_INPUT',
      `Paralens cannot write to the dumps folder ${dir}: make its ${UPLOADS_FOLDER} folder writable for the account that runs Paralens, or copy the dump there yourself.`,
    );
  });
  const final = path.join(folder, base);
  if (
    await stat(final).then(
      () => true,
      () => false,
    )
  )
    throw new AppError(
      'CONFLICT',
      `The dumps folder already holds ${UPLOADS_FOLDER}/${base}; choose it from the list, or rename the file.`,
    );
  const partial = path.join(folder, `.${base}.${process.pid}-${Date.now()}.partial`);
  try {
    const { bytes } = await save(body, partial);
    if (bytes === 0) throw new AppError('INVALID_INPUT', 'The file is empty.');
    if ((await sniffDump(partial)) === null)
      throw new AppError('INVALID_INPUT', `“${fileName}” is not a Wikipedia dump: it is neither a bz2 file nor XML.`, {
        fields: { file: 'is neither a bz2 file nor XML' },
      });
    await rename(partial, final);
    const info = await stat(final);
    const name = `${UPLOADS_FOLDER}/${base}`;
    return { name, bytes: info.size, modifiedAt: info.mtime.toISOString(), kind: dumpKind(name) };
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Dumps uploaded from the Mining page (`POST /api/mining-dumps`, docs/mining.md "Or upload a
 * dump"): streamed into `uploads/` of the dumps folder under a hidden `.partial` name, checked to be
 * bz2 or XML, and put in place under their own name by a hard link, which fails when the name is
 * taken (a rename would silently replace the file). Each upload has a row (lib/db/mining/dump-uploads.ts)
 * made before the file streams: a user may have PARALENS_MAX_DUMP_UPLOADS uploads that no run has
 * mined, they expire PARALENS_UPLOAD_TTL_HOURS after their upload, and a second upload of a name
 * still arriving is refused. `.partial` files a crash left behind are removed after an hour.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import {
  completeDumpUpload,
  expireDumpUploads,
  releaseDumpUpload,
  reserveDumpUpload,
  touchDumpUpload,
} from '@/lib/db/mining/dump-uploads';
import { setting, type Env } from '@/lib/config/settings';
import { recordAudit } from '@/lib/db/accounts/audit';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import { saveUpload, uploadLimitBytes } from '../uploads/save-upload';
import { AppError } from '@/lib/errors/app-error';
import { dumpKind, dumpsDir, sniffDump, UPLOADS_FOLDER, type DumpFile } from './list-dumps';

/** Names longer than this are refused: with the `.partial` and a file system's 255 bytes, longer ones failed with a 500. */
export const MAX_DUMP_NAME_CHARS = 200;
const HOUR = 60 * 60_000;
/** A reservation whose upload sent nothing for this long is given back (its heartbeat is every 30 s). */
const STALLED_UPLOAD_MS = 5 * 60_000;
/** A `.partial` file not written to for this long was left by a crash. */
const STALE_PARTIAL_MS = HOUR;
const PARTIAL = /^\..*\.partial$/;

type SaveBody = (body: ReadableStream<Uint8Array>, target: string, onAlive: () => Promise<void>) => Promise<{ bytes: number }>;

/** The last part of the name, reduced to letters, digits, `.`, `_` and `-`, so no name can leave the folder. */
function safeBaseName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).at(-1) ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  if (!/\.(xml|bz2)$/i.test(base))
    throw new AppError(
      'INVALID_INPUT',
      `“${fileName}” does not look like a Wikipedia dump: its name should end in .xml or .xml.bz2.`,
      {
        fields: { file: 'must be a .xml or .xml.bz2 file' },
      },
    );
  if (base.length > MAX_DUMP_NAME_CHARS)
    throw new AppError(
      'INVALID_INPUT',
      `The file name has ${base.length} characters; at most ${MAX_DUMP_NAME_CHARS} are accepted. Rename the file and upload it again.`,
      { fields: { file: `has a name longer than ${MAX_DUMP_NAME_CHARS} characters` } },
    );
  return base;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Puts the finished file in place under `final`, never over a file of that name. */
async function placeWithoutReplacing(partial: string, final: string, name: string): Promise<void> {
  const taken = () =>
    new AppError('CONFLICT', `The dumps folder already holds ${name}; choose it from the list, or rename the file.`);
  try {
    await link(partial, final);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw taken();
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    // A file system without hard links: claim the name with an exclusive create, then move the file onto it.
    const claim = await open(final, 'wx').catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'EEXIST' ? taken() : e;
    });
    await claim.close();
    await rename(partial, final);
  }
}

/**
 * The upload of `POST /api/mining-dumps`: refused before a byte is stored when the files folder fails
 * its check (503), saved under the size limit (PARALENS_UPLOAD_LIMIT_MB) and audited as the user.
 */
export async function uploadDump(
  db: Db,
  user: { id: number },
  { body, fileName, declaredBytes }: { body: ReadableStream<Uint8Array>; fileName: string; declaredBytes?: number | undefined },
): Promise<DumpFile> {
  await requireFilesFolder(db);
  const dump = await saveUploadedDump(db, user, body, fileName, (stream, target, onAlive) =>
    saveUpload(stream, uploadLimitBytes(), onAlive, target, declaredBytes),
  );
  await recordAudit(db, {
    actorId: user.id,
    action: 'mining.upload',
    targetType: 'dump',
    targetId: dump.name,
    details: { bytes: dump.bytes },
  });
  return dump;
}

async function saveUploadedDump(
  db: Db,
  user: { id: number },
  body: ReadableStream<Uint8Array>,
  fileName: string,
  save: SaveBody,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DumpFile> {
  const dir = dumpsDir(env);
  const base = safeBaseName(fileName);
  const folder = path.join(dir, UPLOADS_FOLDER);
  await mkdir(folder, { recursive: true }).catch(() => {
    throw new AppError(
      'INVALID_INPUT',
      `Paralens cannot write to the dumps folder ${dir}: make its ${UPLOADS_FOLDER} folder writable for the account that runs Paralens, or copy the dump there yourself.`,
    );
  });
  const name = `${UPLOADS_FOLDER}/${base}`;
  const final = path.join(folder, base);
  const already = await exists(final);
  if (already)
    throw new AppError('CONFLICT', `The dumps folder already holds ${name}; choose it from the list, or rename the file.`);
  const limit = setting('PARALENS_MAX_DUMP_UPLOADS', env);
  const reserved = await reserveDumpUpload(db, {
    name,
    createdById: user.id,
    root: await realpath(dir),
    limit,
    fileExists: already,
  });
  if (!reserved.ok && reserved.reason === 'quota')
    throw new AppError(
      'RATE_LIMITED',
      `You already have ${reserved.waiting} uploaded dump${reserved.waiting === 1 ? '' : 's'} that no run has mined (at most ${limit}; PARALENS_MAX_DUMP_UPLOADS). Start a run on one of them: uploads never mined are deleted ${setting('PARALENS_UPLOAD_TTL_HOURS', env)} hours after they arrived.`,
    );
  if (!reserved.ok) throw new AppError('CONFLICT', `Another upload of ${name} is arriving; wait for it, or rename the file.`);
  const partial = path.join(folder, `.upload-${randomUUID()}.partial`);
  try {
    const { bytes } = await save(body, partial, () => touchDumpUpload(db, reserved.id));
    if (bytes === 0) throw new AppError('INVALID_INPUT', 'The file is empty.');
    if ((await sniffDump(partial)) === null)
      throw new AppError('INVALID_INPUT', `“${fileName}” is not a Wikipedia dump: it is neither a bz2 file nor XML.`, {
        fields: { file: 'is neither a bz2 file nor XML' },
      });
    await placeWithoutReplacing(partial, final, name);
    await completeDumpUpload(db, reserved.id, bytes);
    const info = await stat(final);
    return { name, bytes: info.size, modifiedAt: info.mtime.toISOString(), kind: dumpKind(name) };
  } catch (error) {
    await releaseDumpUpload(db, reserved.id);
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Periodic (and at start-up): uploads never mined go PARALENS_UPLOAD_TTL_HOURS after they arrived,
 * reservations of uploads that stopped arriving are given back, and `.partial` files not written to
 * for an hour (a crash, a killed server) are removed. Returns how many files went.
 */
export async function expireDumpUploadFiles(db: Db, env: Env = process.env): Promise<number> {
  const dir = dumpsDir(env);
  const root = await realpath(dir).catch(() => null);
  if (root === null) return 0;
  const names = await expireDumpUploads(db, root, setting('PARALENS_UPLOAD_TTL_HOURS', env) * HOUR, STALLED_UPLOAD_MS);
  for (const name of names) await rm(path.join(root, name), { force: true });
  const folder = path.join(root, UPLOADS_FOLDER);
  let partials = 0;
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    if (!PARTIAL.test(entry)) continue;
    const info = await stat(path.join(folder, entry)).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) {
      await rm(path.join(folder, entry), { force: true });
      partials++;
    }
  }
  return names.length + partials;
}

/**
 * Uploaded import files: streamed to PARALENS_HOME/uploads (never held in memory), with a size
 * limit (PARALENS_UPLOAD_LIMIT_MB, default 2048) enforced while the bytes arrive; private files
 * (lib/runtime/private-files.ts).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { setting, type Env } from '@/lib/config/settings';
import { AppError } from '@/lib/errors/app-error';
import { describeDiskFull } from '@/lib/errors/disk-full';
import { isDiskFull } from '@/lib/errors/failure-causes';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { createPrivateWriteStream, ensurePrivateDir, jobFilesDir, jobFolderShown } from '@/lib/runtime/private-files';

export function uploadLimitBytes(env: Env = process.env): number {
  return setting('PARALENS_UPLOAD_LIMIT_MB', env) * 1024 * 1024;
}

/** Waiting or queued uploads one user may have (PARALENS_MAX_WAITING_IMPORTS, default 5). */
export function waitingImportsLimit(env: Env = process.env): number {
  return setting('PARALENS_MAX_WAITING_IMPORTS', env);
}

/** How often a streaming upload says it is still arriving (saveUpload's `onAlive`). */
export const UPLOAD_HEARTBEAT_MS = 30_000;

/** The request's declared body size (Content-Length), for the message of a full disk. */
export function declaredBytes(request: Request): number | undefined {
  const n = Number(request.headers.get('content-length'));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Writes the request body to a new file (in PARALENS_HOME/uploads, or `target`); throws AppError
 * (and removes the file) over the limit, and INSUFFICIENT_STORAGE (507) naming the folder and the
 * space needed when the disk fills (the partial file removed). `onAlive` is called at most every
 * UPLOAD_HEARTBEAT_MS while bytes arrive (its errors are ignored). `expectedBytes`: the size the
 * client declared, if any.
 */
export async function saveUpload(
  body: ReadableStream<Uint8Array>,
  limit = uploadLimitBytes(),
  onAlive?: () => Promise<void>,
  target?: string,
  expectedBytes?: number,
): Promise<{ path: string; bytes: number }> {
  const file = target ?? path.join(await ensurePrivateDir(jobFilesDir('uploads')), `${randomUUID()}.upload`);
  let bytes = 0;
  let alive = Date.now();
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (onAlive && Date.now() - alive >= UPLOAD_HEARTBEAT_MS) {
        alive = Date.now();
        onAlive().catch(() => {});
      }
      if (bytes > limit)
        callback(
          new AppError('INVALID_INPUT', `The file is larger than the upload limit of ${Math.round(limit / 1024 / 1024)} MB.`),
        );
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]), counter, createPrivateWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    if (!isDiskFull(error)) throw error;
    throw new AppError(
      'INSUFFICIENT_STORAGE',
      describeDiskFull({
        folder: target ? 'the dumps folder (PARALENS_DUMPS_DIR)' : jobFolderShown('uploads'),
        free: await freeBytesAt(path.dirname(file)),
        needed: expectedBytes ? { bytes: expectedBytes, atLeast: false } : { bytes, atLeast: true },
        what: 'this upload',
        after: 'Nothing of it was kept. Free space there (or ask the administrator to), then upload the file again.',
      }),
    );
  }
  return { path: file, bytes };
}

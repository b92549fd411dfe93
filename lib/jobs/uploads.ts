/**
 * Uploaded import files: streamed to PARALENS_HOME/uploads (never held in memory), with a size
 * limit (PARALENS_UPLOAD_LIMIT_MB, default 2048) enforced while the bytes arrive.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { AppError } from '@/lib/errors/app-error';
import { resolveParalensHome } from '@/lib/runtime/paralens-home';

export function uploadLimitBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.PARALENS_UPLOAD_LIMIT_MB ?? 2048);
  return (Number.isFinite(mb) && mb > 0 ? mb : 2048) * 1024 * 1024;
}

export function jobFilesDir(kind: 'uploads' | 'rejects', env: NodeJS.ProcessEnv = process.env): string {
  return path.join(resolveParalensHome(env), kind);
}

/** Writes the request body to a new file; throws AppError (and removes the file) over the limit. */
export async function saveUpload(body: ReadableStream<Uint8Array>, limit = uploadLimitBytes()): Promise<{ path: string; bytes: number }> {
  const dir = jobFilesDir('uploads');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limit) callback(new AppError('INVALID_INPUT', `The file is larger than the upload limit of ${Math.round(limit / 1024 / 1024)} MB.`));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]), counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, bytes };
}

export async function removeFile(file: string | null | undefined): Promise<void> {
  if (file) await rm(file, { force: true });
}

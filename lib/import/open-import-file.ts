/**
 * File-system convenience around openImportStream: opens a file as a byte stream (large reads,
 * constant memory) and adds its size, so callers can show progress as bytesRead() / totalBytes.
 * The parsers themselves never touch the file system.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { openImportStream, type ImportStream, type ImportStreamOptions } from './open-import-stream';

export const READ_CHUNK_BYTES = 256 * 1024;

export async function openImportFile(
  path: string,
  options: Omit<ImportStreamOptions, 'fileName'> & { fileName?: string } = {},
): Promise<ImportStream & { totalBytes: number }> {
  const { size } = await stat(path);
  const stream = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  try {
    const opened = await openImportStream(stream, { ...options, fileName: options.fileName ?? basename(path) });
    return { ...opened, totalBytes: size };
  } catch (error) {
    stream.destroy();
    throw error;
  }
}

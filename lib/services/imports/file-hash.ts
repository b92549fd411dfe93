/** SHA-256 of a file, streamed (constant memory): identifies a file re-imported unchanged. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

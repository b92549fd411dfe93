/**
 * The rejects file of an import with --skip-invalid: one JSON object per rejected record,
 * `{"line": N, "error": "...", "raw": "<the original text>"}`, in file order. A write that fails (a
 * full disk) fails the next add or the close with its error, never the process; discard removes
 * what was written.
 */
import type { WriteStream } from 'node:fs';
import { createPrivateWriteStream, removeFile } from '@/lib/runtime/private-files';
import type { ImportError } from '@/lib/import/types';

export class RejectsFile {
  private stream: WriteStream | null = null;
  private failure: Error | null = null;
  count = 0;

  constructor(readonly path: string) {}

  async add(error: ImportError): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream) {
      this.stream = createPrivateWriteStream(this.path);
      this.stream.on('error', (e) => (this.failure ??= e));
    }
    this.count += 1;
    const line = `${JSON.stringify({ line: error.lineNumber, error: error.message, raw: error.raw })}\n`;
    if (!this.stream.write(line)) await this.drained(this.stream);
  }

  private drained(stream: WriteStream): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('error', done);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      stream.once('drain', done);
      stream.once('error', done);
    });
  }

  async close(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    if (!stream.writableFinished && !stream.destroyed)
      await new Promise<void>((resolve) => {
        stream.once('error', () => resolve());
        stream.end(() => resolve());
      });
    if (this.failure) throw this.failure;
  }

  /** Closes and removes the file (an import that failed keeps none of it). */
  async discard(): Promise<void> {
    await this.close().catch(() => {});
    await removeFile(this.path);
  }
}

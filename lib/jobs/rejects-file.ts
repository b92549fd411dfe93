/**
 * The rejects file of an import with --skip-invalid: one JSON object per rejected record,
 * `{"line": N, "error": "...", "raw": "<the original text>"}`, in file order.
 */
import type { WriteStream } from 'node:fs';
import { createPrivateWriteStream } from './private-files';
import type { ImportError } from '@/lib/import/types';

export class RejectsFile {
  private stream: WriteStream | null = null;
  count = 0;

  constructor(readonly path: string) {}

  async add(error: ImportError): Promise<void> {
    this.stream ??= createPrivateWriteStream(this.path);
    this.count += 1;
    const line = `${JSON.stringify({ line: error.lineNumber, error: error.message, raw: error.raw })}\n`;
    if (!this.stream.write(line)) await new Promise<void>((resolve) => this.stream?.once('drain', () => resolve()));
  }

  async close(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

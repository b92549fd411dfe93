/** For tests: runs a CLI command in-process with in-memory streams and collects what it wrote. */
import { PassThrough } from 'node:stream';
import type { CliIo } from './io';

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runInMemory(
  run: (args: string[], io: CliIo) => Promise<number>,
  args: string[] = [],
  stdin = '',
): Promise<CommandOutput> {
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    isTTY: false,
    stdinIsTTY: false,
  };
  let stdout = '';
  let stderr = '';
  io.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  io.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  (io.stdin as PassThrough).end(stdin);
  const code = await run(args, io);
  return { code, stdout, stderr };
}

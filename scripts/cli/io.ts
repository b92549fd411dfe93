/** Streams a CLI command reads and writes, injectable so tests can drive commands in-process. */
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** True when stderr is an interactive terminal (progress bars are drawn only then). */
  isTTY: boolean;
}

export interface CliCommand {
  description: string;
  /** Returns the process exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stderr.isTTY),
  };
}

/** Streams a CLI command reads and writes, injectable so tests can drive commands in-process. */
import type { Readable, Writable } from 'node:stream';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** True when stderr is an interactive terminal (progress bars are drawn only then). */
  isTTY: boolean;
  /** True when stdin is a terminal, i.e. nothing was piped in. */
  stdinIsTTY: boolean;
}

/** A command module (scripts/cli/commands/<name>.ts; its name and line for --help are in commands.json). */
export interface CliCommand {
  /** Returns the process exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}

export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: Boolean(process.stderr.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
  };
}

/** The whole of a (small) input stream as UTF-8 text, for commands that read one JSON document. */
export async function readAllText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

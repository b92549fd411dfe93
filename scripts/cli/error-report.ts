/**
 * How the command line reports errors: an AppError (expected, written for the user) as its
 * message; anything nobody planned for as one readable line with a hint, never a stack trace
 * (unless --debug or PARALENS_DEBUG=1 asks for it).
 */
import type { Writable } from 'node:stream';
import { isAppError } from '@/lib/errors/app-error';
import { setting, type Env } from '@/lib/config/settings';

export interface ErrorReportOptions {
  /** the command that failed, for the prefix ("paralens corpora: …") */
  command?: string | undefined;
  debug: boolean;
}

const maxSummary = 300;

/** Removes `--debug` (before a `--`) from the arguments; debugging is on with it or PARALENS_DEBUG=1. */
export function takeDebugFlag(argv: string[], env: Env = process.env): { args: string[]; debug: boolean } {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const args = argv.filter((arg, i) => !(i < end && arg === '--debug'));
  return { args, debug: args.length !== argv.length || setting('PARALENS_DEBUG', env) };
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The line of the message that says what went wrong. */
function summarise(error: unknown): string {
  if (!(error instanceof Error)) return String(error).split('\n')[0] ?? 'unknown error';
  const lines = error.message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // Prisma's messages start with the invocation and source excerpt and end with the cause.
  const line = (error.name.startsWith('PrismaClient') ? lines.at(-1) : lines[0]) ?? error.name;
  return line.length > maxSummary ? `${line.slice(0, maxSummary - 1)}…` : line;
}

function hintFor(error: unknown, debug: boolean): string {
  switch (errorCode(error)) {
    case 'ERR_MODULE_NOT_FOUND':
    case 'MODULE_NOT_FOUND':
      return 'Run `npm ci` in the Paralens folder, then try again.';
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return 'Check that PostgreSQL is running and DATABASE_URL points at it.';
    case 'EACCES':
    case 'EPERM':
      return 'Check the file permissions.';
    default:
      return debug ? 'The stack follows.' : 'Run again with --debug for the details.';
  }
}

/** The text to write to stderr: one line, or with debug that line and the stack. */
export function formatUnexpectedError(error: unknown, options: ErrorReportOptions): string {
  const prefix = options.command ? `paralens ${options.command}` : 'paralens';
  const summary = summarise(error).replace(/[.:]$/, '');
  const line = `${prefix}: ${summary}. ${hintFor(error, options.debug)}\n`;
  if (!options.debug) return line;
  const stack = error instanceof Error && error.stack ? error.stack : String(error);
  return `${line}${stack}\n`;
}

/** Writes an AppError's message and returns the exit code (2 for invalid input, else 1); null for other errors. */
export function reportAppError(stderr: Writable, prefix: string, error: unknown): number | null {
  if (!isAppError(error)) return null;
  stderr.write(`${prefix}: ${error.message}\n`);
  return error.code === 'INVALID_INPUT' ? 2 : 1;
}

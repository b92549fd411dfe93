/**
 * Runs pg_dump or pg_restore against a connection URL: the password goes in PGPASSWORD, never on the
 * command line (where `ps` shows it), and a failure is reported with the tool's last lines of output.
 */
import { spawn } from 'node:child_process';
import { AppError } from '@/lib/errors/app-error';

/** The URL without its password, and the password for PGPASSWORD. */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** pg_dump or pg_restore said no: expected (a refused connection, a full disk), so its words reach the user. */
export class PgToolError extends AppError {
  constructor(
    readonly tool: string,
    readonly output: string,
  ) {
    super('CONFLICT', `${tool} failed: ${output || 'no output'}`);
  }
}

/** Runs `file args…` for `url`; resolves with its standard output when it exits 0. */
export function runPgTool(file: string, args: string[], url: string): Promise<string> {
  const { url: safeUrl, password } = splitPassword(url);
  const tool = file.split('/').at(-1) ?? file;
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args, `--dbname=${safeUrl}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(password !== undefined ? { PGPASSWORD: password } : {}), PGCONNECT_TIMEOUT: '15' },
    });
    const out: Buffer[] = [];
    const err: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err.push(chunk.toString('utf8'));
      if (err.length > 50) err.shift();
    });
    child.on('error', (error) => reject(new PgToolError(tool, error.message)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        const lines = err.join('').trim().split('\n').slice(-5).join(' ').replaceAll(safeUrl, '<database>');
        reject(new PgToolError(tool, signal ? `stopped by ${signal}` : lines));
      }
    });
  });
}

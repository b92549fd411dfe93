/**
 * PARALENS_HOME (default `.paralens/` in the project): where the embedded PostgreSQL keeps its
 * data and where generated secrets live. The files other instances on the same database must read
 * (uploads, rejects, exports, mining run folders, dumps, models) live in the files folder:
 * PARALENS_SHARED_DIR when set, else PARALENS_HOME (docs/decisions/014-shared-folder.md).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setting, type Env } from '@/lib/config/settings';

/**
 * The project folder: PARALENS_ROOT, which the `paralens` and npm entry scripts set, or the working
 * directory (where `npm start` runs). Not derived from import.meta.url: the Next.js bundler would
 * treat that as an asset reference.
 */
export const projectRoot = path.resolve(/* turbopackIgnore: true */ setting('PARALENS_ROOT') ?? process.cwd());

export function resolveParalensHome(env: Env = process.env): string {
  return path.resolve(/* turbopackIgnore: true */ projectRoot, setting('PARALENS_HOME', env));
}

/** PARALENS_SHARED_DIR, resolved like PARALENS_HOME; null when unset (each instance keeps its files in its home). */
export function resolveSharedDir(env: Env = process.env): string | null {
  const dir = setting('PARALENS_SHARED_DIR', env);
  return dir ? path.resolve(/* turbopackIgnore: true */ projectRoot, dir) : null;
}

/** The files folder: PARALENS_SHARED_DIR when set, else PARALENS_HOME (lib/runtime/files-folder.ts checks it). */
export function resolveFilesRoot(env: Env = process.env): string {
  return resolveSharedDir(env) ?? resolveParalensHome(env);
}

/**
 * The dumps folder of the Mining page (lib/services/mining/list-dumps.ts): PARALENS_DUMPS_DIR, or
 * <files folder>/dumps, where the demo puts its dump excerpt and uploads go.
 */
export function resolveDumpsDir(env: Env = process.env): { dir: string; isDefault: boolean } {
  const dir = setting('PARALENS_DUMPS_DIR', env);
  return dir ? { dir: path.resolve(dir), isDefault: false } : { dir: path.join(resolveFilesRoot(env), 'dumps'), isDefault: true };
}

/**
 * The local model folder of the semantic measures (lib/models/model-folder.ts): PARALENS_MODELS,
 * or <files folder>/models. Nothing is ever downloaded into it; `paralens models` lists it.
 */
export function resolveModelsDir(env: Env = process.env): string {
  const models = setting('PARALENS_MODELS', env);
  return models ? path.resolve(projectRoot, models) : path.join(resolveFilesRoot(env), 'models');
}

export interface HomeSecrets {
  /** password of the embedded PostgreSQL superuser */
  pgPassword: string;
  /** Auth.js secret used when AUTH_SECRET is not given */
  authSecret: string;
}

/** Reads the home's secrets, creating them (mode 0600) on first use. */
export function loadOrCreateSecrets(home: string): HomeSecrets {
  const file = path.join(home, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<HomeSecrets>;
    if (typeof parsed.pgPassword !== 'string' || typeof parsed.authSecret !== 'string') {
      throw new Error(`${file} is damaged (expected pgPassword and authSecret). Restore it from a backup; nothing was changed.`);
    }
    return { pgPassword: parsed.pgPassword, authSecret: parsed.authSecret };
  }
  mkdirSync(home, { recursive: true });
  const secrets: HomeSecrets = {
    pgPassword: randomBytes(18).toString('base64url'),
    authSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  return secrets;
}

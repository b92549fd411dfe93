/**
 * PARALENS_HOME (default `.paralens/` in the project): where the embedded PostgreSQL keeps its
 * data, where generated secrets live, and where uploads and exports are written.
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

/**
 * The dumps folder of the Mining page (lib/jobs/mining/dumps-folder.ts): PARALENS_DUMPS_DIR, or
 * <PARALENS_HOME>/dumps, where the demo puts its dump excerpt and uploads go.
 */
export function resolveDumpsDir(env: Env = process.env): { dir: string; isDefault: boolean } {
  const dir = setting('PARALENS_DUMPS_DIR', env);
  return dir
    ? { dir: path.resolve(dir), isDefault: false }
    : { dir: path.join(resolveParalensHome(env), 'dumps'), isDefault: true };
}

/**
 * The local model folder of the semantic measures (lib/models/model-folder.ts): PARALENS_MODELS,
 * or <PARALENS_HOME>/models. Nothing is ever downloaded into it; `paralens models` lists it.
 */
export function resolveModelsDir(env: Env = process.env): string {
  const models = setting('PARALENS_MODELS', env);
  return models ? path.resolve(projectRoot, models) : path.join(resolveParalensHome(env), 'models');
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

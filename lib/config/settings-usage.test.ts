/**
 * Environment variables are read in one place: lib/config/settings.ts. This scan fails on a read
 * of `process.env.X` or `env.X` anywhere else in the app, the CLI, the scripts or the end-to-end
 * tests, so a new variable cannot skip the catalogue (and with it the start-up check and the
 * README's table). Writes (`process.env.X = …`, `{ ...process.env, X: … }`) are fine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const folders = ['app', 'components', 'lib', 'scripts', 'e2e'];
/** Test files and their helpers set up environments of their own; the generated client is Prisma's. */
const skipped = (file: string) => /\.test\.tsx?$|\/testing\/|^lib\/config\/|^lib\/db\/generated\//.test(file);
/**
 * The one exception: the `paralens` entry script reads PARALENS_DEBUG (to show the stack of a
 * failure to load the TypeScript) and PARALENS_CLI_FROM_SOURCES (whether to load it from the bundle)
 * before TypeScript can be loaded.
 */
const allowed = new Map([['scripts/paralens.mjs', new Set(['PARALENS_DEBUG', 'PARALENS_CLI_FROM_SOURCES'])]]);
/** Node's and npm's own. */
const standard = new Set(['NODE_ENV']);

const READ =
  /(?:process\.env(?:\.(\w+)\b|\[['"](\w+)['"]\])|\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[['"]([A-Z][A-Z0-9_]*)['"]\]))(?!\s*=(?!=))/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [rel] : [];
  });
}

export function environmentReads(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*(\*|\/\/)/.test(line)) continue;
    for (const match of line.matchAll(READ)) {
      const name = match[1] ?? match[2] ?? match[3] ?? match[4]!;
      if (!standard.has(name) && !allowed.get(file)?.has(name)) found.push(`${file}:${index + 1}: ${name}`);
    }
  }
  return found;
}

describe('environment variables are read only through lib/config/settings.ts', () => {
  it('the scan finds reads, and not writes or comments', () => {
    const text = [
      "const a = process.env.PARALENS_HOME ?? 'x';",
      "const b = env['PORT'];",
      'process.env.PARALENS_ROOT = root;',
      ' * PARALENS_SPOOL_DIR: see env.PARALENS_SPOOL_DIR',
      'if (process.env.CI == "1") {}',
      'const c = process.env.NODE_ENV;',
    ].join('\n');
    expect(environmentReads('x.ts', text)).toEqual(['x.ts:1: PARALENS_HOME', 'x.ts:2: PORT', 'x.ts:5: CI']);
  });

  it('no file outside lib/config reads one directly', () => {
    const files = [...folders.flatMap(sourceFiles), ...readdirSync(root).filter((f) => /\.(ts|mjs)$/.test(f))];
    expect(files.length).toBeGreaterThan(500);
    const reads = files.filter((f) => !skipped(f)).flatMap((f) => environmentReads(f, readFileSync(path.join(root, f), 'utf8')));
    expect(reads, 'read these through setting() in lib/config/settings.ts').toEqual([]);
  });
});

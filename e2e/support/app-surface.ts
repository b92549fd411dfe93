/**
 * What the app exposes to HTTP clients, read from the code and the build rather than from a hand
 * list: pages (app/**\/page.tsx), route handlers (app/api/**\/route.ts and the HTTP methods each
 * exports) and Server Actions (the production build's server-reference-manifest.json, which maps
 * each action id to the file and export it came from). e2e/authorization.spec.ts checks the
 * handlers and actions against their table, e2e/pages.test.ts the pages against theirs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export interface RouteHandler {
  /** "GET /api/imports/[id]": the key of its table row */
  key: string;
  method: string;
  /** the route's path pattern as the folders spell it (route groups removed) */
  pattern: string;
  file: string;
}

function findFiles(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(full, name);
    return name.test(entry.name) ? [full] : [];
  });
}

/** A file's URL pattern as the folders spell it, route groups removed: app/(app)/corpora/[slug]/page.tsx → /corpora/[slug]. */
function patternOf(appDir: string, file: string): string {
  const segments = path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((s) => s !== '' && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

/** Every page's URL pattern ("/corpora/[slug]"), from app/**\/page.tsx: the keys of e2e/pages.ts. */
export function listPages(): string[] {
  const appDir = path.join(root, 'app');
  return findFiles(appDir, /^page\.(ts|tsx|js|jsx|mdx)$/)
    .map((file) => patternOf(appDir, file))
    .sort();
}

/**
 * The HTTP methods a route module exports: `export const GET`, `export async function POST`,
 * `export const { GET, POST } = …`, `export { x as GET }`.
 */
export function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:function\s*\*?|const|let|var)\s+([A-Z]+)\b/g)) names.add(m[1]!);
  for (const m of source.matchAll(/export\s+(?:const|let|var)?\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(','))
      names.add(
        part
          .trim()
          .split(/\s+as\s+|\s*:\s*/)
          .at(-1)!
          .trim(),
      );
  }
  return httpMethods.filter((method) => names.has(method));
}

export function listRouteHandlers(): RouteHandler[] {
  const appDir = path.join(root, 'app');
  return findFiles(appDir, /^route\.(ts|tsx|js|mjs)$/).flatMap((file) => {
    const pattern = patternOf(appDir, file);
    const methods = exportedMethods(readFileSync(file, 'utf8'));
    if (methods.length === 0) throw new Error(`${path.relative(root, file)} exports no HTTP method that this spec can find.`);
    return methods.map((method) => ({ key: `${method} ${pattern}`, method, pattern, file: path.relative(root, file) }));
  });
}

export interface ServerAction {
  id: string;
  /** the exported name, e.g. "createUserAction": the key of its table row */
  name: string;
  file: string;
}

export function listServerActions(): ServerAction[] {
  const manifestFile = path.join(root, '.next', 'server', 'server-reference-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const actions = Object.entries(manifest.node).map(([id, entry]) => {
    if (!entry.exportedName || !entry.filename)
      throw new Error(`Server Action ${id} has no exportedName/filename in ${manifestFile}: the manifest format changed.`);
    return { id, name: entry.exportedName, file: entry.filename };
  });
  const names = actions.map((a) => a.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) throw new Error(`Server Actions must have unique names; found twice: ${twice.join(', ')}`);
  return actions;
}

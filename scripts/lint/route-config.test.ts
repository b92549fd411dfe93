/**
 * Route handlers carry no `dynamic` segment setting: since Next.js 15 every route handler runs on
 * each request unless it opts into static generation, so `export const dynamic = 'force-dynamic'`
 * only suggests a difference that is not there. Pages keep theirs where they need it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(rel) : e.name === 'route.ts' ? [rel] : [];
  });
}

describe('route handlers', () => {
  it('export no dynamic setting', () => {
    const files = routeFiles('app');
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((f) => /export const dynamic\b/.test(readFileSync(path.join(root, f), 'utf8')))).toEqual([]);
  });
});

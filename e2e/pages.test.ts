/**
 * The page table (e2e/pages.ts) against the pages in app/: a page without a row, or a row for a
 * page that no longer exists, fails here in a second, before the every-page spec runs.
 */
import { describe, expect, it } from 'vitest';
import { pageTable } from './pages';
import { listPages } from './support/app-surface';

describe('the page table', () => {
  const pages = listPages();

  it('finds the pages in app/', () => {
    expect(pages).toContain('/login');
    expect(pages).toContain('/corpora/[slug]');
    expect(pages.some((p) => p.includes('('))).toBe(false);
  });

  it('has a row for every page, and no row for a page that does not exist', () => {
    expect(
      pages.filter((p) => !(p in pageTable)),
      'pages without a row in e2e/pages.ts',
    ).toEqual([]);
    expect(
      Object.keys(pageTable).filter((p) => !pages.includes(p)),
      'rows in e2e/pages.ts for pages that do not exist',
    ).toEqual([]);
  });

  it('fills every dynamic segment with a value from the demo seed', () => {
    const unfilled = Object.values(pageTable).filter((row) => /\[|\]/.test(row.path));
    expect(unfilled.map((row) => row.path)).toEqual([]);
    const mismatched = Object.entries(pageTable).filter(([pattern, row]) => {
      const parts = pattern.split('/');
      const visited = row.path.split('?')[0]!.split('/');
      return parts.length !== visited.length || parts.some((part, i) => !part.startsWith('[') && part !== visited[i]);
    });
    expect(
      mismatched.map(([pattern]) => pattern),
      'rows whose path is not a URL of their page',
    ).toEqual([]);
  });
});

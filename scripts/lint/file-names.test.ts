/**
 * A file name is used once in each layer (docs/conventions.md, Naming and size): two `errors.ts` or
 * two `corpus-picker.tsx` in one layer are two different things a reader mistakes for each other in
 * an editor's tabs, a stack trace or a review. Across layers a name repeats for one feature seen by
 * each layer (the contract, the figures and the query of the label comparison), which helps.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The layers, most specific first; a file belongs to the first whose folder holds it. */
const layers = [
  'lib/api/contracts/',
  'lib/db/',
  'lib/services/',
  'lib/',
  'components/',
  'app/',
  'scripts/cli/',
  'scripts/bench/',
  'scripts/',
  'e2e/',
  'prisma/',
];
/** The file names Next.js gives meaning to (a page, a layout, a route, …): one per folder by design. */
const frameworkName = /^(page|layout|route|loading|error|not-found|forbidden|unauthorized|global-error|template|default)\.tsx?$/;
const sourceFile = /\.(ts|tsx|mjs)$/;
// Tests are named after the file they test.
const testFile = /\.(test|spec)\.tsx?$/;

export function layerOf(file: string): string {
  return layers.find((folder) => file.startsWith(folder)) ?? '(root)';
}

/** Every name used by more than one source file of a layer: `layer name` → the files. */
export function repeatedNames(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file);
    if (!sourceFile.test(name) || testFile.test(name) || frameworkName.test(name)) continue;
    if (file.startsWith('lib/db/generated/')) continue;
    const key = `${layerOf(file)} ${name}`;
    byName.set(key, [...(byName.get(key) ?? []), file]);
  }
  return Object.fromEntries([...byName].filter(([, list]) => list.length > 1));
}

describe('file names', () => {
  it('finds a name repeated in a layer, and lets layers share one', () => {
    expect(
      repeatedNames([
        'lib/llm/errors.ts',
        'lib/api/errors.ts',
        'lib/db/dashboards/distributions.ts',
        'lib/dashboards/distributions.ts',
        'app/(app)/page.tsx',
        'app/(app)/corpora/page.tsx',
        'lib/llm/errors.test.ts',
        'lib/api/errors.test.ts',
      ]),
    ).toEqual({ 'lib/ errors.ts': ['lib/llm/errors.ts', 'lib/api/errors.ts'] });
    expect(layerOf('lib/api/contracts/jobs.ts')).toBe('lib/api/contracts/');
    expect(layerOf('scripts/cli/commands/import.ts')).toBe('scripts/cli/');
  });

  it('are used once in each layer', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(500);
    expect(repeatedNames(files)).toEqual({});
  });
});

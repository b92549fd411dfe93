/**
 * docs/architecture.md's folder map names every folder of app/, components/, lib/ and scripts/ on
 * a line of its own (two spaces in, under its parent), and names no folder that is gone; so too the
 * folders of lib/db (its aggregates) and lib/services (its domains), four spaces in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const parents = ['app', 'components', 'lib', 'scripts'];

export function mappedFolders(markdown: string): Map<string, string[]> {
  const block = /## Folder map\n\n```\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const map = new Map<string, string[]>();
  let parent: string | null = null;
  for (const line of block.split('\n')) {
    const top = /^([\w.()-]+)\//.exec(line);
    if (top) parent = top[1]!;
    const child = /^ {2}([\w.()-]+)\/\s/.exec(line);
    if (child && parent) map.set(parent, [...(map.get(parent) ?? []), child[1]!]);
  }
  return map;
}

/** The folders the map names four spaces in, under `lib/<parent>/`. */
export function mappedLibSubfolders(markdown: string, parent: string): string[] {
  const block = /## Folder map\n\n```\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const names: string[] = [];
  let inside = false;
  let inLib = false;
  for (const line of block.split('\n')) {
    const top = /^([\w.()-]+)\//.exec(line);
    if (top) inLib = top[1] === 'lib';
    const child = /^ {2}([\w.()-]+)\/\s/.exec(line);
    if (child) inside = inLib && child[1] === parent;
    const grandchild = /^ {4}([\w.()-]+)\/\s/.exec(line);
    if (grandchild && inside) names.push(grandchild[1]!);
  }
  return names;
}

/** lib/db folders that are not aggregates (the generated client, the tests' setup). */
const notMapped: Record<string, string[]> = { db: ['generated', 'testing'], services: [] };

describe('the folder map of docs/architecture.md', () => {
  const map = mappedFolders(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));

  it('reads the children under their parent', () => {
    expect(
      mappedFolders('## Folder map\n\n```\nlib/   x\n  db/   y\n    deep/ z\n  auth/ w\nscripts/ s\n  cli/ c\n```\n'),
    ).toEqual(
      new Map([
        ['lib', ['db', 'auth']],
        ['scripts', ['cli']],
      ]),
    );
  });

  it('reads the folders under a lib/ folder', () => {
    const sample =
      '## Folder map\n\n```\nlib/   x\n  db/   y\n    deep/ z\n  services/ w\n    imports/ i\nscripts/ s\n  db/ c\n    no/ n\n```\n';
    expect(mappedLibSubfolders(sample, 'services')).toEqual(['imports']);
    expect(mappedLibSubfolders(sample, 'db')).toEqual(['deep']);
  });

  for (const parent of Object.keys(notMapped)) {
    it(`names every folder of lib/${parent}/, and only those`, () => {
      const markdown = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
      const folders = readdirSync(path.join(root, 'lib', parent), { withFileTypes: true })
        .filter((e) => e.isDirectory() && !notMapped[parent]!.includes(e.name))
        .map((e) => e.name)
        .sort();
      expect(mappedLibSubfolders(markdown, parent).sort()).toEqual(folders);
    });
  }

  for (const parent of parents) {
    it(`names every folder of ${parent}/, and only those`, () => {
      const folders = readdirSync(path.join(root, parent), { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('__'))
        .map((e) => e.name)
        .sort();
      expect([...(map.get(parent) ?? [])].sort()).toEqual(folders);
    });
  }
});

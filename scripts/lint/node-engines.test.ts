/**
 * The Node version the README promises (package.json's `engines.node`, "Node.js 20.19 or newer")
 * against every locked package's own `engines.node`: a package that asks for more must be named in
 * the README's Quick start with why it does not matter (npm ci prints an EBADENGINE warning for it).
 * Today that is @prisma/streams-local (Node 22), part of `prisma dev`, which Paralens never runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Version = [number, number, number];
const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.replace(/^[v=]/, '').split('.').map(Number);
  return [a, b, c];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies a range of the forms npm packages use for engines (>=, ^, ~, x, ||, spaces). */
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const m = /^(>=|<=|>|<|\^|~|=)?\s*(\d+(?:\.\d+){0,2})(?:\.x)?$/.exec(comparator);
        if (!m) return true; // a form this check does not read (none in the lock file today)
        const [op = '', text = ''] = [m[1], m[2]];
        const v = parse(text);
        const parts = text.split('.').length;
        const c = compare(version, v);
        switch (op) {
          case '>=':
            return c >= 0;
          case '>':
            return c > 0;
          case '<=':
            return c <= 0;
          case '<':
            return c < 0;
          case '^':
            return c >= 0 && version[0] === v[0];
          case '~':
            return c >= 0 && version[0] === v[0] && (parts < 2 || version[1] === v[1]);
          default:
            return parts === 1 ? version[0] === v[0] : parts === 2 ? version[0] === v[0] && version[1] === v[1] : c === 0;
        }
      }),
  );
}

describe('the Node version the README states', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const minimum = parse(/^>=\s*(\S+)$/.exec(engines)?.[1] ?? '0');
  const quickStart = /## Quick start\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';

  it('is package.json’s', () => {
    expect(engines).toBe('>=20.19');
    expect(quickStart).toContain('Node.js 20.19 or newer');
  });

  it('names, with why, every locked package that asks for more', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    const wanting = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node && !satisfies(minimum, p.engines.node))
      .map(([location]) => location.replace(/^.*node_modules\//, ''));
    expect(wanting.length).toBeGreaterThan(0); // @prisma/streams-local today; the check must see it
    expect(wanting.filter((name) => !quickStart.includes(`\`${name}\``))).toEqual([]);
  });

  it('reads engine ranges as npm does', () => {
    const v = parse('20.19.0');
    expect(satisfies(v, '>=22.0.0')).toBe(false);
    expect(satisfies(v, '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(satisfies(v, '20 || >=22')).toBe(true);
    expect(satisfies(v, '^20.19 || ^22.12 || >=24.0')).toBe(true);
    expect(satisfies(v, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(parse('20.18.0'), '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies(v, '>= 18')).toBe(true);
  });
});

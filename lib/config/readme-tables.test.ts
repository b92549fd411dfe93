import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withConfigTables } from './readme-tables';
import { SETTINGS } from './settings';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe("the README's configuration tables", () => {
  it('are what lib/config/settings.ts says (run `npm run docs:config` after changing it)', () => {
    expect(readme).toBe(withConfigTables(readme));
  });

  it('name every variable', () => {
    for (const name of Object.keys(SETTINGS)) expect(readme, name).toContain(`| \`${name}\``);
  });

  it('are found by their markers, and a missing marker is an error', () => {
    expect(() => withConfigTables('# no tables')).toThrow(/no generated table for "app"/);
    const stale = readme.replace(/\| `PORT` \| [^\n]*/, '| `PORT` | 80 | old |');
    expect(withConfigTables(stale)).toBe(readme);
  });
});

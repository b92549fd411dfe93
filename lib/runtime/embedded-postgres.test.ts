import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDataDir, EMBEDDED_PG_MAJOR } from './embedded-postgres';
import { StartupError } from './startup-error';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'paralens-datadir-'));

describe('checkDataDir', () => {
  it('accepts a missing or empty folder as "missing"', () => {
    const dir = scratch();
    expect(checkDataDir(path.join(dir, 'pgdata'))).toBe('missing');
    mkdirSync(path.join(dir, 'empty'));
    expect(checkDataDir(path.join(dir, 'empty'))).toBe('missing');
  });

  it('refuses a foreign folder and leaves it alone', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    expect(() => checkDataDir(dir)).toThrow(StartupError);
    expect(() => checkDataDir(dir)).toThrow(/not a PostgreSQL data folder.*Nothing was deleted/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('refuses a data folder of another PostgreSQL major version', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'PG_VERSION'), '15\n');
    expect(() => checkDataDir(dir)).toThrow(/created by PostgreSQL 15/);
  });

  it('accepts a data folder of our version', () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'PG_VERSION'), `${EMBEDDED_PG_MAJOR}\n`);
    expect(checkDataDir(dir)).toBe('initialised');
  });
});

/**
 * Every command that reads a file says so plainly when the file is missing, before it opens the
 * database or creates anything: exit code 2 and one line naming the file. The database here is
 * unreachable on purpose, so a command that went on to open it would answer with that instead.
 * Slow: each command's module loads the database layer (seconds on a loaded machine).
 */
import path from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { main } from './main';
import { runInMemory } from './memory-io';

const missing = path.join(tmpdir(), `paralens-no-such-file-${process.pid}.tsv`);

const cases: Array<[string, string[]]> = [
  ['import', ['import', missing, '--corpus', 'Never made']],
  [
    'import --questions',
    ['import', import.meta.filename, '--corpus', 'Never made', '--format', 'qa-assessed', '--questions', missing],
  ],
  ['import-annotations', ['import-annotations', missing, '--campaign', 'c', '--map', 'pair=id']],
  ['gold', ['gold', missing, '--campaign', 'c', '--map', 'pair=id']],
  ['import-scores', ['import-scores', missing, '--corpus', 'c', '--map', 'pair=id,score=s', '--measure', 's']],
  ['mine', ['mine', missing, '--corpus', 'Never made']],
  ['mine --index', ['mine', import.meta.filename, '--index', missing, '--corpus', 'Never made']],
  ['restore', ['restore', missing]],
  ['backup verify', ['backup', 'verify', missing]],
];

describe('a missing input file', { timeout: 120_000 }, () => {
  for (const [name, args] of cases)
    it(`${name}: reported as missing, before the database is opened`, async () => {
      vi.stubEnv('DATABASE_URL', 'postgresql://nobody:secret@127.0.0.1:9/nowhere');
      const { code, stderr } = await runInMemory((a, io) => main(a, io), args);
      expect(stderr).toContain(`${missing} does not exist`);
      expect(stderr).not.toContain('cannot use the database');
      expect(code).toBe(2);
    });
});

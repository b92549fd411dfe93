import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { listUserMeasures } from '@/lib/db/corpora/user-measures';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runInMemory } from '../memory-io';
import { run } from './import-scores';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

describe('paralens import-scores FILE', () => {
  it('imports by the pair_id of an export, refuses a bad file whole with line numbers, says when it replaces', async () => {
    const corpus = await makeCorpus(db);
    const ids = await makePairs(db, corpus.id, [
      { a: 'Scores one a.', b: 'Scores one b.' },
      { a: 'Scores two a.', b: 'Scores two b.' },
    ]);
    const dir = await mkdtemp(path.join(tmpdir(), 'paralens-scores-'));
    const file = async (name: string, text: string) => {
      await writeFile(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const good = await file('model.tsv', `pair_id\tprob\n${ids[0]}\t0.91\n${ids[1]}\t0.12\n`);
    const args = (f: string, ...more: string[]) => [
      f,
      '--corpus',
      corpus.slug,
      '--map',
      'id=pair_id',
      '--measure',
      'para_prob=prob',
      ...more,
    ];

    const bad = await file('bad.csv', `pair_id,prob\n${ids[0]},0.91\n${ids[1]},n/a\n`);
    const refused = await runInMemory(run, args(bad));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3: para_prob: "n/a" is not a number\n');
    expect(refused.stderr).toContain('1 row could not be imported; nothing was written');
    expect(await listUserMeasures(pool, corpus.id)).toEqual([]);

    const done = await runInMemory(run, args(good, '--axis', 'para_prob=semantic', '--description', 'a paraphrase identifier'));
    expect(done).toMatchObject({ code: 0, stdout: `Imported scores of 2 pairs into ${corpus.slug}: para_prob (2 values).\n` });
    expect(await listUserMeasures(pool, corpus.id)).toMatchObject([
      { name: 'para_prob', axis: 'semantic', n: 2, source: 'model.tsv', description: 'a paraphrase identifier' },
    ]);

    const again = await runInMemory(run, args(good));
    expect(again.stdout).toContain('para_prob (2 values, replacing the earlier import)');

    const builtIn = await runInMemory(run, [good, '--corpus', corpus.slug, '--map', 'id=pair_id', '--measure', 'bertscore=prob']);
    expect(builtIn.code).toBe(2);
    expect(builtIn.stderr).toContain('"bertscore" is the built-in measure bertscore of the catalogue');
    expect((await runInMemory(run, [good, '--corpus', corpus.slug])).code).toBe(2);
  });
});

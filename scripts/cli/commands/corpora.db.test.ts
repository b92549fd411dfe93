import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runInMemory } from '../memory-io';
import { run } from './corpora';


describe('paralens corpora (DATABASE_URL)', () => {
  it('prints each corpus with its pair count', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `CLI corpus ${Date.now()}`, tier: 'GOLD', licence: 'CC BY 4.0' });
    await makePairs(db, corpus.id, [
      { a: 'A dog runs.', b: 'A dog is running.' },
      { a: 'A cat sleeps.', b: 'The cat is asleep.' },
      { a: 'Rain in Belfast.', b: 'It rains in Belfast.' },
    ]);
    const table = await runInMemory(run);
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.startsWith(corpus.name));
    expect(line).toMatch(new RegExp(`^${corpus.name}\\s+${corpus.slug}\\s+gold\\s+3\\s+CC BY 4\\.0$`));

    const json = await runInMemory(run, ['--json']);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as Array<{ name: string; pairs: number; tier: string }>;
    expect(rows.find((r) => r.name === corpus.name)).toMatchObject({ pairs: 3, tier: 'GOLD' });
  });

  it('leaves archived corpora out unless --all is given', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `Archived CLI corpus ${Date.now()}` });
    await db.corpus.update({ where: { id: corpus.id }, data: { archivedAt: new Date() } });
    expect((await runInMemory(run)).stdout).not.toContain(corpus.slug);
    const all = await runInMemory(run, ['--all']);
    expect(all.stdout.split('\n').find((l) => l.includes(corpus.slug))).toMatch(new RegExp(`^${corpus.name} \\(archived\\)\\s+${corpus.slug}\\s`));
    const rows = JSON.parse((await runInMemory(run, ['--all', '--json'])).stdout) as Array<{ slug: string; archived: boolean }>;
    expect(rows.find((r) => r.slug === corpus.slug)?.archived).toBe(true);
  });

  it('exits 2 on an unknown option', async () => {
    expect((await runInMemory(run, ['--nope'])).code).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
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
    expect(all.stdout.split('\n').find((l) => l.includes(corpus.slug))).toMatch(
      new RegExp(`^${corpus.name} \\(archived\\)\\s+${corpus.slug}\\s`),
    );
    const rows = JSON.parse((await runInMemory(run, ['--all', '--json'])).stdout) as Array<{ slug: string; archived: boolean }>;
    expect(rows.find((r) => r.slug === corpus.slug)?.archived).toBe(true);
  });

  it('archives, restores and deletes a corpus; delete without --yes only says what would go', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: `CLI tidy ${Date.now()}` });
    await makePairs(db, corpus.id, [{ a: 'A dog runs.', b: 'A dog is running.' }]);
    expect(await runInMemory(run, ['archive', corpus.slug])).toMatchObject({
      code: 0,
      stdout: `Archived: ${corpus.name} (${corpus.slug})\n`,
    });
    expect((await db.corpus.findUnique({ where: { id: corpus.id }, select: { archivedAt: true } }))?.archivedAt).toBeInstanceOf(
      Date,
    );
    expect((await runInMemory(run, ['restore', corpus.name])).code).toBe(0);
    expect((await db.corpus.findUnique({ where: { id: corpus.id }, select: { archivedAt: true } }))?.archivedAt).toBeNull();
    const dry = await runInMemory(run, ['delete', corpus.slug]);
    expect(dry).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('would remove 1 pair, 2 texts.\nRun again with --yes') as unknown,
    });
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(1);
    expect(await runInMemory(run, ['delete', corpus.slug, '--yes'])).toMatchObject({
      code: 0,
      stdout: `Deleted: ${corpus.name} (${corpus.slug}) with 1 pair, 2 texts\n`,
    });
    expect(await db.corpus.count({ where: { id: corpus.id } })).toBe(0);
    const audit = await db.auditLog.findMany({
      where: { targetType: 'corpus', targetId: String(corpus.id) },
      orderBy: { id: 'asc' },
      select: { action: true, actorId: true },
    });
    expect(audit).toEqual(['corpus.archive', 'corpus.restore', 'corpus.delete'].map((action) => ({ action, actorId: null })));
    expect(await runInMemory(run, ['delete', corpus.slug, '--yes'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no corpus with the slug or name') as unknown,
    });
    expect((await runInMemory(run, ['archive'])).code).toBe(2);
  });

  it('refuses to delete a corpus a campaign uses, and names the campaign', async () => {
    const db = getDb();
    const campaign = await makeCampaign(db, { pairs: 2 });
    const { corpus } = (await db.campaignCorpus.findFirst({
      where: { campaignId: campaign.id },
      select: { corpus: { select: { slug: true } } },
    }))!;
    const dry = await runInMemory(run, ['delete', corpus.slug]);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain('used by the campaign');
    const refused = await runInMemory(run, ['delete', corpus.slug, '--yes']);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('used by the campaign') as unknown });
    expect(await db.corpus.count({ where: { slug: corpus.slug } })).toBe(1);
  });

  it('exits 2 on an unknown option', async () => {
    expect((await runInMemory(run, ['--nope'])).code).toBe(2);
  });
});

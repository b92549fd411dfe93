import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';
import { verifyPassword } from '@/lib/access/password';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_DUMP } from '@/lib/mining/demo-dump';
import { placeDemoDump } from './factories/demo-dump';
import { seedDemo } from './seed';

describe('seedDemo', () => {
  it('creates the demo accounts once, with the demo password, and does nothing the second time', async () => {
    const db = getDb();
    const first = await seedDemo(database());
    expect(first.seeded).toBe(true);
    const second = await seedDemo(database());
    expect(second.seeded).toBe(false);
    for (const demo of demoUsers) {
      const user = await db.user.findUniqueOrThrow({ where: { email: demo.email } });
      expect(user.role).toBe(demo.role);
      expect(user.isDemo).toBe(true);
      expect(await verifyPassword(user.passwordHash, demoPassword)).toBe(true);
    }
    expect(await db.user.count({ where: { isDemo: true } })).toBe(demoUsers.length);
  });
});

describe('demo corpora', () => {
  it('are imported with measures computed by our pipeline, matching the paper where it printed them', async () => {
    const db = getDb();
    await seedDemo(database());
    const paws = await db.corpus.findUniqueOrThrow({
      where: { name: 'PAWS-Wiki · demo sample' },
      include: { _count: { select: { pairs: true } } },
    });
    expect(paws._count.pairs).toBe(300);
    expect(paws.attribution).toContain('Google');
    const easter = await db.pair.findFirstOrThrow({
      where: { originalId: 'A', corpus: { name: 'Wikipedia-IPC · paper examples' } },
    });
    // EACL 2023 Table 5, pair A: ROUGE-1 0.53, ROUGE-L 0.13 (our ROUGE-L is sentence-level LCS F1)
    expect(easter.rouge1).toBeCloseTo(0.53, 2);
    expect(easter.st).toBe(0.9);
    expect(easter.sem).toBeCloseTo((0.76 + 0.76 + 0.9) / 3, 10);
    expect(easter.semParts).toEqual(['wms', 'bertscore', 'st']);
    expect(easter.delta).toBeCloseTo(easter.sem! - easter.syn!, 10);
    // WordNet is computed for every pair but forms sem only where the paper's measures are missing
    expect(easter.wordnet).toBeGreaterThan(0.5);
  });

  it('give the PAWS sample a semantic axis from WordNet on first start (no model needed)', async () => {
    const db = getDb();
    await seedDemo(database());
    const pairs = await db.pair.findMany({
      where: { corpus: { name: 'PAWS-Wiki · demo sample' } },
      select: { wordnet: true, sem: true, delta: true, syn: true, semParts: true },
    });
    expect(pairs).toHaveLength(300);
    for (const p of pairs) {
      expect(p.semParts).toEqual(['wordnet']);
      expect(p.sem).toBe(p.wordnet);
      expect(p.delta).toBeCloseTo(p.sem! - p.syn!, 12);
    }
    const jobs = await db.scoringJob.findMany({ where: { corpus: { name: 'PAWS-Wiki · demo sample' } } });
    expect(jobs.map((j) => [j.status, j.measures, j.pairsDone])).toEqual([['SUCCEEDED', ['wordnet'], 300]]);
  });
});

describe('demo campaign', () => {
  it('is an active study on the PAWS-Wiki sample with every built-in question, overlap 2 and the demo annotator, created once', async () => {
    const db = getDb();
    await seedDemo(database());
    await seedDemo(database());
    const campaigns = await db.campaign.findMany({
      where: { name: 'PAWS-Wiki demo study' },
      include: {
        members: { include: { user: { select: { email: true, pseudonym: true } } } },
        corpora: { include: { corpus: { select: { name: true } } } },
        _count: { select: { items: true } },
      },
    });
    expect(campaigns).toHaveLength(1);
    const [campaign] = campaigns;
    expect(campaign).toMatchObject({ status: 'ACTIVE', overlap: 2 });
    expect((campaign!.questions as Array<{ key: string }>).map((q) => q.key)).toEqual([
      'semantic',
      'syntactic',
      'paraphraseLoose',
      'paraphraseStrict',
      'relation',
      'rationale',
    ]);
    expect(campaign!.members.map((m) => m.user.email)).toEqual(['annotator@paralens.local']);
    expect(campaign!.members[0]!.user.pseudonym).toMatch(/^ann-/);
    expect(campaign!.corpora.map((c) => c.corpus.name)).toEqual(['PAWS-Wiki · demo sample']);
    expect(campaign!._count.items).toBe(30);
  });
});

describe('the demo dump excerpt', () => {
  it('is put into the dumps folder once, private; a file already there is left alone', async () => {
    const dumps = path.join(await mkdtemp(path.join(tmpdir(), 'paralens-dumps-')), 'dumps');
    const report = await seedDemo(database(), { dumpsDir: dumps });
    const placed = path.join(dumps, DEMO_DUMP.fileName);
    expect(report.dump).toBe(placed);
    expect((await stat(placed)).mode & 0o777).toBe(0o600);
    expect((await readFile(placed)).subarray(0, 3).toString('latin1')).toBe('BZh');
    // once: a later start does not put it back
    await rm(placed);
    expect((await seedDemo(database(), { dumpsDir: dumps })).dump).toBeNull();
    await expect(stat(placed)).rejects.toThrow();
    // and a file of that name is never overwritten
    await writeFile(placed, 'mine');
    expect(await placeDemoDump(dumps)).toBeNull();
    expect(await readFile(placed, 'utf8')).toBe('mine');
    await rm(path.dirname(dumps), { recursive: true, force: true });
  });
});

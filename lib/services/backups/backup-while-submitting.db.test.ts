/**
 * A backup taken while annotators submit is consistent: every answer acknowledged before the backup
 * started is in it, none that was never acknowledged is, and the counts in its manifest are those of
 * the dump (one snapshot). Real annotators' path (getNextPair, submitAnswer on the pg pool), the
 * real pg_dump and pg_restore.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { database } from '@/lib/db/database';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { emptyDatabase } from '@/lib/db/testing/empty-database';
import { listSubmissionIds } from '@/lib/db/testing/backup-checks';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

const db = getDb();
const pool = getSqlPool();
const restored = emptyDatabase('paralens_backup_concurrent');
afterAll(async () => {
  await pool.end();
  await restored.drop();
});

it('holds every answer acknowledged before the backup started, while annotators keep submitting', async () => {
  const annotators = await Promise.all(Array.from({ length: 4 }, () => makeUser(db)));
  const campaign = await makeCampaign(db, {
    pairs: 2000,
    questions: ['semantic'],
    overlap: 1,
    members: annotators.map((u) => u.email),
  });
  const acknowledged: Array<{ id: string; at: number }> = [];
  let stop = false;
  const annotate = async (userId: number, k: number) => {
    for (let i = 0; !stop; i++) {
      const next = await getNextPair(pool, { slug: campaign.slug }, userId);
      if (next.kind !== 'pair') return;
      const id = `concurrent-${k}-${i}`;
      await submitAnswer(pool, { slug: campaign.slug }, userId, {
        submissionId: id,
        pairId: next.pair.pairId,
        answers: { semantic: i % 5 },
      });
      acknowledged.push({ id, at: performance.now() });
    }
  };
  const loops = annotators.map((u, k) => annotate(u.id, k));
  while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));

  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-backup-concurrent-'));
  try {
    const started = performance.now();
    const backup = await createBackup({
      db: database(),
      mode: 'external',
      out: path.join(dir, 'b.tar'),
      home: dir,
      modelsDir: path.join(dir, 'models'),
    });
    const ended = performance.now();
    // a few more answers after the backup, then the annotators stop
    const afterBackup = acknowledged.length;
    while (acknowledged.length < afterBackup + 5) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(loops);

    await restored.drop();
    await restored.create();
    await restoreBackup({ file: backup.file, url: restored.url, modelsDir: path.join(dir, 'models'), workDir: dir });
    const inBackup = new Set(await listSubmissionIds(restored.url, campaign.id));

    const before = acknowledged.filter((a) => a.at < started);
    const during = acknowledged.filter((a) => a.at >= started && a.at <= ended);
    expect(before.length).toBeGreaterThanOrEqual(40);
    // the annotators really were submitting while the backup ran
    expect(during.length).toBeGreaterThan(0);
    expect(before.filter((a) => !inBackup.has(a.id))).toEqual([]);
    // nothing that was never acknowledged, nothing acknowledged after the backup ended
    const all = new Set(acknowledged.map((a) => a.id));
    expect([...inBackup].filter((id) => !all.has(id))).toEqual([]);
    expect(acknowledged.filter((a) => a.at > ended).filter((a) => inBackup.has(a.id))).toEqual([]);
    // the manifest's count is the dump's: one snapshot
    expect(backup.contents.answers).toBe(
      (await db.annotation.count({ where: { campaignId: { not: campaign.id } } })) + inBackup.size,
    );
  } finally {
    stop = true;
    await Promise.all(loops);
    await rm(dir, { recursive: true, force: true });
  }
}, 240_000);

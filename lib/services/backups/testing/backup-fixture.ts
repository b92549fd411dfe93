/**
 * For the backup tests: a database with something of everything a backup must keep (corpora with
 * measures, a campaign with answers, an edit, an adjudication, a gold pair, an API token, a user
 * measure), made through the same functions the app and the API use; and the API readout of a
 * database in a process of its own (api-readout.ts).
 */
import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Db } from '@/lib/db/client';
import type { SqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { findAdjudicationCampaign, saveAdjudication } from '@/lib/db/annotations/adjudications';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { importScores } from '@/lib/db/corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';

export interface BackupFixture {
  token: string;
  corpora: string[];
  campaign: { id: number; slug: string };
}

export async function makeBackupFixture(db: Db, pool: SqlPool): Promise<BackupFixture> {
  const admin = await makeUser(db, { role: 'ADMIN' });
  const { token } = await issueApiToken(db, admin.id, 'backup test', null);
  const annotators = [await makeUser(db), await makeUser(db), await makeUser(db)];
  const measured = await makeCorpus(db);
  const ids = await makePairs(
    db,
    measured.id,
    Array.from({ length: 12 }, (_, i) => ({
      a: `Backup pair ${i}: a photograph of the harbour at dawn.`,
      b: `Backup pair ${i}: the harbour photographed at first light, ${i} boats.`,
      measures: { bleu: i / 12, rouge1: 1 - i / 24, sem: (i % 5) / 5 },
    })),
  );
  const scores = ids.map((id, i) => `${id},${((i * 7) % 10) / 10}`).join('\n');
  const imported = await importScores(pool, {
    slug: measured.slug,
    map: 'id=pair_id',
    measures: 'para=score',
    rows: readAnnotationRowsFrom(Readable.from([Buffer.from(`pair_id,score\n${scores}\n`)]), 'csv'),
    source: 'model.csv',
    userId: admin.id,
  });
  if (!imported.ok) throw new Error(imported.message);
  const campaign = await makeCampaign(db, {
    corpora: [measured.slug],
    members: annotators.map((u) => u.email),
    questions: ['semantic', 'syntactic'],
    overlap: 2,
    createdById: admin.id,
  });
  await setGoldAnswer(pool, campaign.id, {
    pairId: ids.at(-1)!,
    answers: { semantic: 4, syntactic: 2 },
    explanation: 'The same harbour.',
  });
  for (const [k, annotator] of annotators.entries()) {
    for (let i = 0; i < 4; i++) {
      const next = await getNextPair(pool, { slug: campaign.slug }, annotator.id);
      if (next.kind !== 'pair') break;
      const { annotation } = await submitAnswer(pool, { slug: campaign.slug }, annotator.id, {
        submissionId: `backup-${k}-${i}`,
        pairId: next.pair.pairId,
        answers: { semantic: (i + k) % 5, syntactic: (i * k) % 5 },
      });
      // the first answer of each annotator is edited once: a revision to keep
      if (i === 0)
        await submitAnswer(pool, { slug: campaign.slug }, annotator.id, {
          submissionId: `backup-${k}-${i}-edit`,
          pairId: next.pair.pairId,
          answers: { semantic: 3, syntactic: 1 },
          baseVersion: annotation.version,
        });
    }
  }
  const adjudicable = await findAdjudicationCampaign(pool, { id: campaign.id }, { id: admin.id, role: 'ADMIN' });
  const answered = await pool.query<{ pairId: number }>(
    `SELECT "pairId" FROM "Annotation" WHERE "campaignId" = $1 ORDER BY "pairId" LIMIT 1`,
    [campaign.id],
  );
  await saveAdjudication(pool, adjudicable!, admin.id, {
    pairId: answered.rows[0]!.pairId,
    answers: { semantic: 4, syntactic: 3 },
    note: 'Agreed.',
  });
  const plain = await makeCorpus(db);
  await makePairs(db, plain.id, [{ a: 'A second corpus, first text.', b: 'A second corpus, its other text.' }]);
  return { token, corpora: [measured.slug, plain.slug], campaign: { id: campaign.id, slug: campaign.slug } };
}

/** Every API answer and export of the fixture's data, read from the database at `url` (api-readout.ts). */
export async function readThroughApi(url: string, fixture: BackupFixture, outDir: string): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'lib/services/backups/testing/api-readout.ts'],
    {
      cwd: projectRoot,
      maxBuffer: 64 << 20,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PARALENS_DEMO: '0',
        READOUT_TOKEN: fixture.token,
        READOUT_CORPORA: fixture.corpora.join(','),
        READOUT_CAMPAIGN: `${fixture.campaign.id}:${fixture.campaign.slug}`,
        READOUT_OUT: outDir,
      },
    },
  );
  return JSON.parse(stdout) as Record<string, string>;
}

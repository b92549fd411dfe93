/**
 * A campaign with model runs: deleting it is refused while a run waits or runs (the run would write
 * into a campaign that is gone), and takes the runs, their answers and the measures made from them
 * once none does.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { writeRunMeasures } from '@/lib/db/model-raters/run-measures';
import { getSqlPool } from '@/lib/db/sql-pool';
import { makeFinishedRun } from '@/lib/db/testing/model-run';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { isAppError } from '@/lib/errors/app-error';
import { makeUser } from '@/prisma/factories/users';
import { deleteCampaign } from '@/lib/services/tidy/tidy-entries';

describe('deleting a campaign with model runs', () => {
  it('is refused while a run waits, then takes the runs, their answers and measures', async () => {
    const db = getDb();
    const admin = await makeUser(db, { role: 'ADMIN' });
    const { campaign, pairIds, corpora } = await makeRatedCampaign(db, {
      annotators: 1,
      pairs: [0, 1, 2].map((i) => ({ measures: {}, answers: [{ semantic: i, syntactic: i }] })),
    });
    await db.campaign.update({ where: { id: campaign.id }, data: { status: 'CLOSED' } });
    const { run } = await makeFinishedRun(db, {
      campaignId: campaign.id,
      pairIds,
      questions: ['semantic'],
      answer: (i) => ({ semantic: i }),
    });
    await writeRunMeasures(getSqlPool(), run.id);
    expect(await db.corpusMeasure.count({ where: { modelRunId: run.id } })).toBe(1);
    await db.modelRun.update({ where: { id: run.id }, data: { status: 'QUEUED' } });
    const refused = await deleteCampaign(db, { id: admin.id, role: 'ADMIN' }, { id: campaign.id }).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe('CONFLICT');
    expect((refused as Error).message).toContain('model run');
    expect(await db.modelRun.count({ where: { campaignId: campaign.id } })).toBe(1);

    await db.modelRun.update({ where: { id: run.id }, data: { status: 'SUCCEEDED' } });
    const gone = await deleteCampaign(db, { id: admin.id, role: 'ADMIN' }, { id: campaign.id });
    expect(gone).toMatchObject({ deleted: { modelRuns: 1 } });
    expect(await db.modelRun.count({ where: { id: run.id } })).toBe(0);
    expect(await db.modelRequest.count({ where: { runId: run.id } })).toBe(0);
    expect(await db.corpusMeasure.count({ where: { corpusId: corpora[0]!.id, name: { startsWith: `judge${run.id}_` } } })).toBe(
      0,
    );
  });
});

/**
 * The campaign page's controls as a service, against a real database: each finds the campaign by id
 * or slug (an unknown one is "No such campaign."), makes its change, answers what the route sends and
 * writes the audit entry as the acting user. The routes' roles: e2e/authorization-table.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { listAuditPage } from '@/lib/db/accounts/audit';
import { refusal } from '@/lib/testing/refusal';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { addMember, removeMember, setCampaignStatus, setGoldRate } from './control-campaign';

const db = getDb();
afterAll(() => getSqlPool().end());

async function auditOf(email: string) {
  const { entries } = await listAuditPage(db, { actor: email, action: 'campaign.' });
  return entries.map(({ action, targetId, details }) => ({ action, targetId, details }));
}

describe('campaign controls', () => {
  it('changes the status by id or slug, answers the new status and audits the change', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const campaign = await makeCampaign(db, { pairs: 3 });
    expect(await setCampaignStatus(researcher, String(campaign.id), 'ACTIVE', 'PAUSED')).toEqual({ status: 'PAUSED' });
    expect(await setCampaignStatus(researcher, campaign.slug, 'PAUSED', 'ACTIVE')).toEqual({ status: 'ACTIVE' });
    expect(await auditOf(researcher.email)).toEqual([
      { action: 'campaign.status', targetId: String(campaign.id), details: { from: 'PAUSED', to: 'ACTIVE' } },
      { action: 'campaign.status', targetId: String(campaign.id), details: { from: 'ACTIVE', to: 'PAUSED' } },
    ]);
  });

  it('adds and removes a member and sets the gold rate, each audited', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const campaign = await makeCampaign(db, { pairs: 3 });
    expect(await addMember(researcher, campaign.slug, annotator.id)).toEqual({ email: annotator.email });
    expect(await removeMember(researcher, campaign.slug, annotator.id)).toEqual({ releasedHolds: 0 });
    expect(await setGoldRate(researcher, campaign.slug, 7)).toEqual({ goldEvery: 7 });
    expect((await auditOf(researcher.email)).map((e) => e.action)).toEqual([
      'campaign.gold-rate',
      'campaign.member.remove',
      'campaign.member.add',
    ]);
  });

  it('refuses a campaign that does not exist, and writes nothing', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const missing = { code: 'NOT_FOUND', message: 'No such campaign.' };
    expect(await refusal(setCampaignStatus(researcher, 'no-such-campaign', 'ACTIVE', 'PAUSED'))).toEqual(missing);
    expect(await refusal(setGoldRate(researcher, '999999999', 3))).toEqual(missing);
    expect(await auditOf(researcher.email)).toEqual([]);
  });
});

/**
 * Demo data, seeded once into the embedded database: the three demo accounts and the small
 * redistributable demo corpora in prisma/demo/ (see prisma/demo/README.md for sources and licences).
 */
import type { Db } from '@/lib/db/client';
import { getSetting, setSetting } from '@/lib/db/settings';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';
import { ensureUser } from './factories/users';
import { seedDemoCorpora } from './factories/demo-corpora';
import { seedDemoCampaign } from './factories/demo-campaign';

const SEEDED_KEY = 'demo.seededAt';
/** Separate, so demo homes seeded before campaigns existed get the demo campaign on their next start. */
const CAMPAIGN_SEEDED_KEY = 'demo.campaignSeededAt';

export interface SeedReport {
  seeded: boolean;
  users: number;
  corpora: string[];
  /** the demo campaign, when this run created it */
  campaign: string | null;
}

/**
 * A restored database is never seeded: `paralens restore` into the embedded database marks the demo
 * data as done, so a backup of another installation does not gain demo accounts, corpora or a campaign.
 */
export async function markDemoSeeded(db: Db): Promise<void> {
  const now = new Date().toISOString();
  if (!(await getSetting(db, SEEDED_KEY))) await setSetting(db, SEEDED_KEY, now);
  if (!(await getSetting(db, CAMPAIGN_SEEDED_KEY))) await setSetting(db, CAMPAIGN_SEEDED_KEY, now);
}

export async function seedDemo(db: Db, databaseUrl: string): Promise<SeedReport> {
  const report: SeedReport = { seeded: false, users: 0, corpora: [], campaign: null };
  if (!(await getSetting(db, SEEDED_KEY))) {
    for (const user of demoUsers) {
      await ensureUser(db, { ...user, password: demoPassword, isDemo: true });
    }
    report.corpora = await seedDemoCorpora(db, databaseUrl);
    await setSetting(db, SEEDED_KEY, new Date().toISOString());
    Object.assign(report, { seeded: true, users: demoUsers.length });
  }
  if (!(await getSetting(db, CAMPAIGN_SEEDED_KEY))) {
    const annotators = demoUsers.filter((u) => u.role === 'ANNOTATOR').map((u) => u.email);
    const campaign = await seedDemoCampaign(db, annotators);
    await setSetting(db, CAMPAIGN_SEEDED_KEY, new Date().toISOString());
    report.campaign = campaign && `${campaign.slug} (${campaign.items} pairs)`;
  }
  return report;
}

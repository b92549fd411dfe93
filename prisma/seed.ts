/**
 * Demo data, seeded once into the embedded database: the three demo accounts, the small
 * redistributable demo corpora in prisma/demo/ (see prisma/demo/README.md for sources and licences),
 * the demo campaign, and the dump excerpt the Mining page lists (copied into the dumps folder).
 */
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import { getSetting, setSetting } from '@/lib/db/settings';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';
import { ensureUser } from './factories/users';
import { seedDemoCorpora } from './factories/demo-corpora';
import { seedDemoCampaign } from './factories/demo-campaign';
import { placeDemoDump } from './factories/demo-dump';

const SEEDED_KEY = 'demo.seededAt';
/** Separate, so demo homes seeded before campaigns existed get the demo campaign on their next start. */
const CAMPAIGN_SEEDED_KEY = 'demo.campaignSeededAt';
/** Separate too: demo homes seeded before the Mining page had a demo dump get it on their next start. */
const DUMP_SEEDED_KEY = 'demo.dumpSeededAt';

export interface SeedReport {
  seeded: boolean;
  users: number;
  corpora: string[];
  /** the demo campaign, when this run created it */
  campaign: string | null;
  /** where the demo dump excerpt was put, when this run put it there */
  dump: string | null;
}

/**
 * A restored database is never seeded: `paralens restore` into the embedded database marks the demo
 * data as done, so a backup of another installation does not gain demo accounts, corpora or a campaign.
 */
export async function markDemoSeeded(db: Db): Promise<void> {
  const now = new Date().toISOString();
  if (!(await getSetting(db, SEEDED_KEY))) await setSetting(db, SEEDED_KEY, now);
  if (!(await getSetting(db, CAMPAIGN_SEEDED_KEY))) await setSetting(db, CAMPAIGN_SEEDED_KEY, now);
  if (!(await getSetting(db, DUMP_SEEDED_KEY))) await setSetting(db, DUMP_SEEDED_KEY, now);
}

/** `dumpsDir`: the Mining page's dumps folder (lib/runtime/paralens-home.ts), where the demo dump goes. */
export async function seedDemo(db: Database, options: { dumpsDir?: string } = {}): Promise<SeedReport> {
  const report: SeedReport = { seeded: false, users: 0, corpora: [], campaign: null, dump: null };
  if (!(await getSetting(db, SEEDED_KEY))) {
    for (const user of demoUsers) {
      await ensureUser(db, { ...user, password: demoPassword, isDemo: true });
    }
    report.corpora = await seedDemoCorpora(db);
    await setSetting(db, SEEDED_KEY, new Date().toISOString());
    Object.assign(report, { seeded: true, users: demoUsers.length });
  }
  if (!(await getSetting(db, CAMPAIGN_SEEDED_KEY))) {
    const annotators = demoUsers.filter((u) => u.role === 'ANNOTATOR').map((u) => u.email);
    const campaign = await seedDemoCampaign(db, annotators);
    await setSetting(db, CAMPAIGN_SEEDED_KEY, new Date().toISOString());
    report.campaign = campaign && `${campaign.slug} (${campaign.items} pairs)`;
  }
  if (options.dumpsDir && !(await getSetting(db, DUMP_SEEDED_KEY))) {
    report.dump = await placeDemoDump(options.dumpsDir);
    await setSetting(db, DUMP_SEEDED_KEY, new Date().toISOString());
  }
  return report;
}

/**
 * Demo data, seeded once into the embedded database: the three demo accounts and the small
 * redistributable demo corpora in prisma/demo/ (see prisma/demo/README.md for sources and licences).
 */
import type { Db } from '@/lib/db/client';
import { getSetting, setSetting } from '@/lib/db/settings';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';
import { ensureUser } from './factories/users';
import { seedDemoCorpora } from './factories/demo-corpora';

const SEEDED_KEY = 'demo.seededAt';

export interface SeedReport {
  seeded: boolean;
  users: number;
  corpora: string[];
}

export async function seedDemo(db: Db, databaseUrl: string): Promise<SeedReport> {
  if (await getSetting(db, SEEDED_KEY)) return { seeded: false, users: 0, corpora: [] };
  for (const user of demoUsers) {
    await ensureUser(db, { ...user, password: demoPassword, isDemo: true });
  }
  const corpora = await seedDemoCorpora(db, databaseUrl);
  await setSetting(db, SEEDED_KEY, new Date().toISOString());
  return { seeded: true, users: demoUsers.length, corpora };
}

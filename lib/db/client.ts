/**
 * The Prisma client (Prisma 7, pg driver adapter). lib/db is the only folder that imports it;
 * everything else calls the data functions beside this file with the one handle, `database()` of
 * database.ts, which holds this client and the pool (docs/decisions/018).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client';
import { setting } from '@/lib/config/settings';

export type Db = PrismaClient;

export function createPrismaClient(connectionString: string, max = 10): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}

const globalForPrisma = globalThis as unknown as { paralensPrisma?: PrismaClient };

/** The process-wide client for DATABASE_URL (set by the start script in embedded mode); database() reaches it. */
export function getDb(): PrismaClient {
  if (!globalForPrisma.paralensPrisma) {
    const url = setting('DATABASE_URL');
    if (!url) throw new Error('DATABASE_URL is not set: start Paralens with `npm start`.');
    globalForPrisma.paralensPrisma = createPrismaClient(url, setting('PARALENS_DB_POOL_SIZE'));
  }
  return globalForPrisma.paralensPrisma;
}

/**
 * For CLI commands that need the database: opens it exactly as the app does (DATABASE_URL or the
 * embedded PostgreSQL in PARALENS_HOME, migrations, demo seed), runs `fn`, then closes everything.
 */
import { createPrismaClient, type Db } from '@/lib/db/client';
import { releaseJobOwner } from '@/lib/runtime/job-owner';
import { openDatabase } from '@/lib/runtime/bootstrap';
import { StartupError } from '@/lib/runtime/startup-error';
import type { CliIo } from './io';

export async function withDatabase(
  io: CliIo,
  fn: (db: Db, databaseUrl: string, opened: { authSecret: string | undefined }) => Promise<number>,
): Promise<number> {
  let opened;
  try {
    opened = await openDatabase({ log: (line) => io.stderr.write(`${line}\n`) });
  } catch (error) {
    if (error instanceof StartupError) {
      io.stderr.write(`paralens: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const db = createPrismaClient(opened.url);
  try {
    return await fn(db, opened.url, { authSecret: opened.authSecret });
  } finally {
    // The command's jobs have ended: its job lease goes (lib/runtime/job-owner.ts).
    await releaseJobOwner(db).catch(() => undefined);
    await db.$disconnect();
    await opened.stop();
  }
}

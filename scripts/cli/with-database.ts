/**
 * For CLI commands that need the database: opens it exactly as the app does (DATABASE_URL or the
 * embedded PostgreSQL in PARALENS_HOME, migrations, demo seed), runs `fn` with the one database handle
 * (lib/db/database.ts), then closes everything.
 */
import { openDatabaseHandle, type Database } from '@/lib/db/database';
import { releaseJobOwner } from '@/lib/runtime/job-owner';
import { openDatabase } from '@/lib/runtime/bootstrap';
import { StartupError } from '@/lib/runtime/startup-error';
import type { CliIo } from './io';

export async function withDatabase(
  io: CliIo,
  fn: (db: Database, opened: { authSecret: string | undefined }) => Promise<number>,
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
  // Prisma as the app sizes it by default; the pool small (a command runs its statements one by one)
  const db = openDatabaseHandle(opened.url, { poolConnections: 2 });
  try {
    return await fn(db, { authSecret: opened.authSecret });
  } finally {
    // The command's jobs have ended: its job lease goes (lib/runtime/job-owner.ts).
    await releaseJobOwner(db).catch(() => undefined);
    await db.close();
    await opened.stop();
  }
}

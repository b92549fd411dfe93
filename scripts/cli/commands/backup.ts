/**
 * `paralens backup [--out FILE]`: a backup of the whole database while the app runs (PostgreSQL's own
 * pg_dump in one snapshot, with the models' manifests: lib/services/backups/create-backup.ts), recorded on
 * the admin's Backups page. `paralens backup verify FILE` checks an archive without touching a database.
 */
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeBackupContents, formatBytes } from '@/lib/backup/backup-manifest';
import { scheduledBackupName } from '@/lib/backup/backup-schedule';
import { markBackupFailed, markBackupSucceeded, startBackupRun } from '@/lib/db/backups/backup-runs';
import { createBackup } from '@/lib/services/backups/create-backup';
import { verifyBackup } from '@/lib/services/backups/verify-backup';
import { setting } from '@/lib/config/settings';
import { resolveModelsDir, resolveParalensHome } from '@/lib/runtime/paralens-home';
import { openDatabase } from '@/lib/runtime/bootstrap';
import { StartupError } from '@/lib/runtime/startup-error';
import { openDatabaseHandle } from '@/lib/db/database';
import { isAppError } from '@/lib/errors/app-error';
import type { CliIo } from '../io';
import { unreadableInput } from '../input-files';

const usage = `Usage: paralens backup [--out FILE]
       paralens backup verify FILE

Writes a consistent backup of the whole database while the app runs: PostgreSQL's own pg_dump
(custom format) taken in one snapshot, so every answer acknowledged before it started is in it,
with the installed models' manifests (not their weights). The file is a tar archive:
database.dump, home/models/…, and paralens-backup.json (what it holds, the migrations, the size
and SHA-256 of each member). Prints its size, the time taken and what it holds. Restore it with
\`paralens restore FILE\`. Uses DATABASE_URL, or the embedded database in PARALENS_HOME (started
for the command if the app is not running). Needs pg_dump of the server's PostgreSQL version
(\`npm run pg-client\` gets it; PARALENS_PG_BIN names another folder).

  --out FILE   where to write it (default: paralens-YYYYMMDD-HHMMSS.tar here); must not exist
  verify FILE  checks every member against the manifest and that pg_restore reads the dump

Exit 0 / 1 (failed, or verify found a problem) / 2 (bad arguments).
`;

async function runVerify(file: string, io: CliIo): Promise<number> {
  const unreadable = await unreadableInput(path.resolve(file), 'the backup');
  if (unreadable) {
    io.stderr.write(`paralens backup verify: ${unreadable}.\n`);
    return 2;
  }
  const { manifest, problems } = await verifyBackup(path.resolve(file));
  io.stdout.write(
    `${file}: backup of ${manifest.createdAt} (PostgreSQL ${manifest.database.serverVersion}, ${manifest.database.migrations.length} migrations)\n`,
  );
  io.stdout.write(`Holds: ${describeBackupContents(manifest.contents)}\n`);
  if (problems.length > 0) {
    for (const p of problems) io.stdout.write(`Problem: ${p}\n`);
    return 1;
  }
  io.stdout.write(`OK: ${manifest.members.length} members match their SHA-256, and pg_restore reads the dump.\n`);
  return 0;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (error) {
    io.stderr.write(`paralens backup: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  if (positionals[0] === 'verify') {
    if (positionals.length !== 2 || values.out) {
      io.stderr.write(`paralens backup verify: name one backup file.\n${usage}`);
      return 2;
    }
    return runVerify(positionals[1]!, io);
  }
  if (positionals.length > 0) {
    io.stderr.write(`paralens backup: unexpected "${positionals[0]}".\n${usage}`);
    return 2;
  }
  const out = path.resolve(values.out ?? scheduledBackupName(new Date()));
  if (existsSync(out)) {
    io.stderr.write(`paralens backup: ${out} already exists; name another file with --out.\n`);
    return 1;
  }

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
  const db = openDatabaseHandle(opened.url);
  let runId: number | null = null;
  try {
    runId = await startBackupRun(db, 'COMMAND', hostname(), out);
    io.stderr.write(
      `Backing up the ${opened.mode === 'embedded' ? 'embedded database' : 'database of DATABASE_URL'} to ${out} …\n`,
    );
    const result = await createBackup({
      db,
      mode: opened.mode,
      out,
      home: resolveParalensHome(),
      modelsDir: resolveModelsDir(),
      authSecret: opened.authSecret ?? setting('AUTH_SECRET'),
    });
    await markBackupSucceeded(db, runId, { bytes: result.bytes, contents: result.contents });
    io.stdout.write(
      `Backed up to ${result.file}: ${formatBytes(result.bytes)} in ${result.seconds.toFixed(1)} s (pg_dump ${result.dumpSeconds.toFixed(1)} s)\n`,
    );
    io.stdout.write(`Holds: ${describeBackupContents(result.contents)}\n`);
    io.stdout.write(
      `Database: PostgreSQL ${result.manifest.database.serverVersion}, ${result.manifest.database.migrations.length} migrations; dumped with ${result.manifest.database.pgDump}\n`,
    );
    for (const line of result.manifest.leftOut) io.stdout.write(`Left out: ${line}\n`);
    io.stdout.write(
      `Check it with \`paralens backup verify ${path.relative(process.cwd(), result.file) || result.file}\`; restore it with \`paralens restore\`.\n`,
    );
    return 0;
  } catch (error) {
    const message = isAppError(error) ? error.message : error instanceof Error ? error.message.split('\n')[0]! : String(error);
    if (runId !== null) await markBackupFailed(db, runId, message).catch(() => undefined);
    throw error;
  } finally {
    await db.close();
    await opened.stop();
  }
}

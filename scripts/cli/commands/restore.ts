/**
 * `paralens restore FILE [--force]`: a backup of `paralens backup` (or of the app's scheduled
 * backups) into the database of DATABASE_URL, or into the embedded database of PARALENS_HOME (made
 * when the folder is empty). Refuses a database that holds data unless --force, then applies the
 * migrations the backup predates (lib/services/backups/restore-backup.ts).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeBackupContents } from '@/lib/backup/backup-manifest';
import { setting } from '@/lib/config/settings';
import { restoreBackup, type RestoreResult } from '@/lib/services/backups/restore-backup';
import { checkDataDir, findRunningPort, startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';
import { checkDatabaseUrl } from '@/lib/runtime/external-database';
import { loadOrCreateSecrets, resolveModelsDir, resolveParalensHome } from '@/lib/runtime/paralens-home';
import { StartupError } from '@/lib/runtime/startup-error';
import { openDatabaseHandle } from '@/lib/db/database';
import { markDemoSeeded } from '@/prisma/seed';
import type { CliIo } from '../io';
import { unreadableInput } from '../input-files';

const usage = `Usage: paralens restore FILE [--force]

Restores a backup made by \`paralens backup\` (or by the app into PARALENS_BACKUP_DIR): into the
database of DATABASE_URL, or, without it, into the embedded database of PARALENS_HOME (a new one
when PARALENS_HOME is empty; stop Paralens first). The archive is checked before anything is
touched; a database that holds data is refused unless --force is given, and then replaced as a
whole. The dump is restored by PostgreSQL's own pg_restore in one transaction, then the migrations
the backup predates are applied and the models' manifests are put back in the models folder.

  --force   replace a database that holds data (take a backup of it first)

Exit 0 / 1 (refused or failed; nothing was changed unless it says so) / 2 (bad arguments).
`;

interface Target {
  url: string;
  embedded: boolean;
  where: string;
  workDir: string;
  authSecret: string | undefined;
  stop(): Promise<void>;
}

async function openTarget(io: CliIo): Promise<Target> {
  const home = resolveParalensHome();
  const databaseUrl = setting('DATABASE_URL');
  if (databaseUrl) {
    await checkDatabaseUrl(databaseUrl);
    return {
      url: databaseUrl,
      embedded: false,
      where: 'the database of DATABASE_URL',
      workDir: home,
      authSecret: setting('AUTH_SECRET'),
      stop: async () => {},
    };
  }
  const dataDir = path.join(home, 'pgdata');
  const state = checkDataDir(dataDir);
  if (state === 'initialised' && findRunningPort(dataDir) !== null) {
    throw new StartupError(
      `a PostgreSQL server is running on ${dataDir}.`,
      'Stop Paralens (and any command using this PARALENS_HOME) first; nothing was changed.',
    );
  }
  if (state === 'initialised' && !(await import('node:fs')).existsSync(path.join(home, 'secrets.json'))) {
    throw new StartupError(
      `${dataDir} holds a database but its secrets.json is missing.`,
      'Restore secrets.json or use an empty PARALENS_HOME.',
    );
  }
  const secrets = loadOrCreateSecrets(home);
  io.stderr.write(
    state === 'missing' ? `Creating the embedded database in ${dataDir} …\n` : `Starting the embedded database in ${dataDir} …\n`,
  );
  const server = await startEmbeddedPostgres({ dataDir, password: secrets.pgPassword });
  return {
    url: server.url,
    embedded: true,
    where: `the embedded database in ${home}`,
    workDir: home,
    authSecret: setting('AUTH_SECRET') ?? secrets.authSecret,
    stop: () => server.stop(),
  };
}

function report(io: CliIo, file: string, where: string, result: RestoreResult): void {
  const { manifest } = result;
  io.stdout.write(
    `Restored ${file} (taken ${manifest.createdAt}) into ${where} in ${result.seconds.toFixed(1)} s (pg_restore ${result.restoreSeconds.toFixed(1)} s)\n`,
  );
  io.stdout.write(`Holds: ${describeBackupContents(manifest.contents)}\n`);
  if (result.replaced) io.stdout.write(`Replaced: ${describeBackupContents(result.replaced)}\n`);
  io.stdout.write(
    result.appliedMigrations.length > 0
      ? `Applied ${result.appliedMigrations.length} migration(s) the backup predates: ${result.appliedMigrations.join(', ')}\n`
      : 'The backup’s schema is current: no migration to apply.\n',
  );
  for (const f of result.restoredFiles) io.stdout.write(`Put back: ${f}\n`);
  for (const line of manifest.leftOut) io.stdout.write(`Not in the backup: ${line}\n`);
  if (result.secretDiffers)
    io.stdout.write(
      'Note: AUTH_SECRET differs from the one in use when the backup was taken: sessions end, and model endpoints’ stored keys must be entered again (or use the old secret).\n',
    );
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
  } catch (error) {
    io.stderr.write(`paralens restore: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout.write(usage);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    io.stderr.write(`paralens restore: name one backup file.\n${usage}`);
    return 2;
  }
  const file = path.resolve(parsed.positionals[0]!);
  const unreadable = await unreadableInput(file, 'the backup');
  if (unreadable) {
    io.stderr.write(`paralens restore: ${unreadable}; nothing was changed.\n`);
    return 2;
  }
  let target: Target;
  try {
    target = await openTarget(io);
  } catch (error) {
    if (error instanceof StartupError) {
      io.stderr.write(`paralens restore: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    const result = await restoreBackup({
      file,
      url: target.url,
      force: parsed.values.force ?? false,
      modelsDir: resolveModelsDir(),
      workDir: target.workDir,
      authSecret: target.authSecret,
      log: (line) => io.stderr.write(`${line}\n`),
    });
    if (target.embedded) {
      const db = openDatabaseHandle(target.url);
      await markDemoSeeded(db).finally(() => db.close());
    }
    report(io, file, target.where, result);
    return 0;
  } finally {
    await target.stop();
  }
}

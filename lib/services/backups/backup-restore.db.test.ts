/**
 * A backup of a database with something of everything (corpora with measures and a user measure, a
 * campaign with answers, an edit, an adjudication, a gold pair, an API token), restored into a fresh
 * database by the real pg_dump and pg_restore, reads the same through the API: every answer and every
 * export byte for byte. Also: what a restore refuses, and the migrations it applies to an older backup.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { database, openDatabaseHandle } from '@/lib/db/database';
import { emptyDatabase } from '@/lib/db/testing/empty-database';
import { applyMigrations } from '@/lib/db/migrations';
import { inspectRestoreTarget } from '@/lib/db/backups/restore-target';
import { undoMigration } from '@/lib/db/testing/backup-checks';
import { DUMP_NAME, MANIFEST_NAME, type BackupManifest } from '@/lib/backup/backup-manifest';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';
import { verifyBackup } from './verify-backup';
import { readTarIndex, TarWriter, extractMember, readMemberText } from './backup-archive';
import { makeBackupFixture, readThroughApi, type BackupFixture } from './testing/backup-fixture';

const db = getDb();
const pool = getSqlPool();
const sourceUrl = process.env.DATABASE_URL!;
const restored = emptyDatabase('paralens_backup_restored');
const older = emptyDatabase('paralens_backup_older');
let dir: string;
let fixture: BackupFixture;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-backup-'));
  await Promise.all([restored.drop(), older.drop()]);
  await Promise.all([restored.create(), older.create()]);
  fixture = await makeBackupFixture(db, pool);
}, 120_000);
afterAll(async () => {
  await pool.end();
  await Promise.all([restored.drop(), older.drop()]);
  await rm(dir, { recursive: true, force: true });
});

const counts = async (url: string) => (await inspectRestoreTarget(url)).contents;

describe('backup and restore', () => {
  it('restores a database that reads the same through the API, exports byte for byte', async () => {
    const models = path.join(dir, 'models');
    await mkdir(path.join(models, 'glove'), { recursive: true });
    await writeFile(path.join(models, 'glove', 'manifest.json'), '{"format":"test"}\n');
    await writeFile(path.join(models, 'glove', 'vectors.f16'), Buffer.alloc(4096));
    const file = path.join(dir, 'full.tar');
    const backup = await createBackup({
      db: database(),
      mode: 'external',
      out: file,
      home: dir,
      modelsDir: models,
      authSecret: 's1',
    });
    expect(backup.contents).toEqual(await counts(sourceUrl));
    expect(backup.contents).toMatchObject({ adjudications: 1, apiTokens: 1 });
    expect(backup.contents.answers).toBeGreaterThanOrEqual(10);
    expect(backup.contents.goldAnswers).toBeGreaterThanOrEqual(1);
    expect(backup.contents.userMeasures).toBeGreaterThanOrEqual(1);
    expect((await readTarIndex(file)).map((e) => e.name)).toEqual([DUMP_NAME, 'home/models/glove/manifest.json', MANIFEST_NAME]);
    expect(backup.manifest.leftOut.join(' ')).toMatch(/model files \(1 files/);
    expect((await verifyBackup(file)).problems).toEqual([]);

    const before = await readThroughApi(sourceUrl, fixture, await mkdtemp(path.join(dir, 'before-')));
    const restoredModels = path.join(dir, 'restored-models');
    const result = await restoreBackup({ file, url: restored.url, modelsDir: restoredModels, workDir: dir, authSecret: 's1' });
    expect(result.appliedMigrations).toEqual([]);
    expect(result.secretDiffers).toBe(false);
    expect(await readFile(path.join(restoredModels, 'glove', 'manifest.json'), 'utf8')).toBe('{"format":"test"}\n');
    expect(existsSync(path.join(restoredModels, 'glove', 'vectors.f16'))).toBe(false);
    expect(await counts(restored.url)).toEqual(backup.contents);

    const after = await readThroughApi(restored.url, fixture, await mkdtemp(path.join(dir, 'after-')));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const [key, body] of Object.entries(before)) {
      // every answer is a real one (not a 401 or 404 on both sides), and the same on both sides
      expect(body, key).toMatch(key.startsWith('export') ? /\S/ : /^200 /);
      expect(body, key).not.toMatch(/^failed/);
      expect(after[key], key).toBe(body);
    }
    expect(before[`/api/v1/campaigns/${fixture.campaign.id}/annotations`]).toContain('"semantic":3');
  }, 240_000);

  it('refuses a database that holds data unless forced, and a damaged or newer backup, changing nothing', async () => {
    const file = path.join(dir, 'again.tar');
    await createBackup({ db: database(), mode: 'external', out: file, home: dir, modelsDir: path.join(dir, 'none') });
    const held = await counts(restored.url);
    await expect(restoreBackup({ file, url: restored.url, modelsDir: dir, workDir: dir })).rejects.toThrow(
      /already holds data \(.*corpora.*\).*--force.*Nothing was changed/,
    );
    expect(await counts(restored.url)).toEqual(held);

    // a damaged dump: one byte changed
    const damaged = path.join(dir, 'damaged.tar');
    const bytes = await readFile(file);
    const dump = (await readTarIndex(file)).find((e) => e.name === DUMP_NAME)!;
    bytes[dump.offset + Math.floor(dump.size / 2)]! ^= 0xff;
    await writeFile(damaged, bytes);
    expect((await verifyBackup(damaged)).problems).toEqual([`${DUMP_NAME} is damaged (its SHA-256 differs)`]);
    await expect(restoreBackup({ file: damaged, url: restored.url, modelsDir: dir, workDir: dir, force: true })).rejects.toThrow(
      /is damaged.*Nothing was changed/,
    );
    // a backup from a newer Paralens: a migration this code does not know
    const newer = path.join(dir, 'newer.tar');
    await rewriteManifest(file, newer, (m) => ({
      ...m,
      database: { ...m.database, migrations: [...m.database.migrations, '29991231000000_from_the_future'] },
    }));
    await expect(restoreBackup({ file: newer, url: restored.url, modelsDir: dir, workDir: dir, force: true })).rejects.toThrow(
      /newer Paralens.*29991231000000_from_the_future/,
    );
    expect(await counts(restored.url)).toEqual(held);

    const forced = await restoreBackup({ file, url: restored.url, modelsDir: dir, workDir: dir, force: true });
    expect(forced.replaced).toEqual(held);
    expect(await counts(restored.url)).toEqual(await counts(sourceUrl));
  }, 240_000);

  it('applies the migrations an older backup predates', async () => {
    await applyMigrations(older.url);
    // the database as if the migration that made BackupRun had never run
    const last = await undoMigration(older.url, '_backup_runs', ['DROP TABLE "BackupRun"', 'DROP TYPE "BackupTrigger"']);
    expect(last).toMatch(/_backup_runs$/);
    const file = path.join(dir, 'older.tar');
    const olderDb = openDatabaseHandle(older.url);
    const backup = await createBackup({
      db: olderDb,
      mode: 'external',
      out: file,
      home: dir,
      modelsDir: path.join(dir, 'none'),
    }).finally(() => olderDb.close());
    expect(backup.manifest.database.migrations).not.toContain(last);
    const target = emptyDatabase('paralens_backup_from_older');
    await target.drop();
    await target.create();
    try {
      const result = await restoreBackup({ file, url: target.url, modelsDir: dir, workDir: dir });
      expect(result.appliedMigrations).toEqual([last]);
      expect((await counts(target.url))?.corpora).toBe(1);
    } finally {
      await target.drop();
    }
  }, 240_000);
});

/** A copy of a backup whose manifest is changed (the members, and so their checksums, stay as they are). */
async function rewriteManifest(from: string, to: string, change: (m: BackupManifest) => BackupManifest): Promise<void> {
  const entries = await readTarIndex(from);
  const writer = await TarWriter.create(to);
  for (const entry of entries) {
    if (entry.name === MANIFEST_NAME) {
      const manifest = change(JSON.parse(await readMemberText(from, entry)) as BackupManifest);
      await writer.addBuffer(entry.name, Buffer.from(JSON.stringify(manifest)));
    } else {
      const part = path.join(dir, `part-${Date.now()}`);
      await extractMember(from, entry, part);
      await writer.addFile(entry.name, part);
      await rm(part);
    }
  }
  await writer.finish();
}

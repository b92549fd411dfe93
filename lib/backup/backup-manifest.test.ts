import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, describeBackupContents, formatBytes, parseBackupManifest, unknownMigrations } from './backup-manifest';

const contents = {
  users: 3,
  corpora: 2,
  pairs: 12345,
  campaigns: 1,
  answers: 1,
  adjudications: 0,
  goldAnswers: 2,
  apiTokens: 1,
  userMeasures: 0,
};
const manifest = {
  format: BACKUP_FORMAT,
  createdAt: '2026-11-28T09:00:00.000Z',
  seconds: 1.5,
  database: { serverVersion: '18.4', pgDump: 'pg_dump (PostgreSQL) 18.6', migrations: ['20261121222109_init'], mode: 'embedded' },
  contents,
  members: [{ name: 'database.dump', bytes: 10, sha256: 'a'.repeat(64) }],
  leftOut: [],
  secretFingerprint: null,
};

describe('backup manifest', () => {
  it('reads a manifest back, and says why one cannot be used', () => {
    expect(parseBackupManifest(JSON.stringify(manifest))).toEqual({ ok: true, manifest });
    expect(parseBackupManifest('{')).toEqual({ ok: false, reason: 'its paralens-backup.json is not JSON' });
    expect(parseBackupManifest(JSON.stringify({ ...manifest, format: 'paralens-backup/9' }))).toEqual({
      ok: false,
      reason: 'it is a paralens-backup/9 backup; this Paralens reads paralens-backup/1',
    });
    expect(parseBackupManifest(JSON.stringify({ ...manifest, contents: { ...contents, pairs: 'many' } }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/damaged \(contents\.pairs: /) as unknown,
    });
  });

  it('describes what a backup holds', () => {
    expect(describeBackupContents(contents)).toBe(
      '2 corpora, 12,345 pairs, 1 campaign, 1 answer, 0 adjudications, 2 gold answers, 3 users, 1 API token, 0 user measures',
    );
  });

  it('finds the migrations of a backup from a newer Paralens', () => {
    expect(unknownMigrations(['a', 'b', 'c'], ['a', 'b'])).toEqual(['c']);
    expect(unknownMigrations(['a'], ['a', 'b'])).toEqual([]);
  });

  it('formats sizes in powers of 1000', () => {
    expect([812, 14_200, 14_200_000, 1_310_000_000, 999_999].map(formatBytes)).toEqual([
      '812 B',
      '14.2 kB',
      '14.2 MB',
      '1.31 GB',
      '1000 kB',
    ]);
  });
});

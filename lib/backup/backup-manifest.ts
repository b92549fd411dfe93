/**
 * What a Paralens backup is: a tar archive (POSIX ustar, readable with `tar -tvf`) of
 *   database.dump          PostgreSQL's own `pg_dump --format=custom` of the whole database
 *   home/…                 the files Paralens keeps beside the database that a restore needs
 *                          (installed models' manifests, never their weights)
 *   paralens-backup.json   this manifest, last: the format, what the dump holds, and the size and
 *                          SHA-256 of every other member, so `paralens backup verify` can check it.
 * Pure: the archive is written and read in lib/jobs/backup.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'paralens-backup/1';
export const MANIFEST_NAME = 'paralens-backup.json';
export const DUMP_NAME = 'database.dump';
/** Members under this prefix are restored into PARALENS_HOME (models into the models folder). */
export const HOME_PREFIX = 'home/';

/** What the backup holds, counted in the dump's own snapshot. */
export const backupContentsSchema = z.object({
  users: z.number().int(),
  corpora: z.number().int(),
  pairs: z.number().int(),
  campaigns: z.number().int(),
  answers: z.number().int(),
  adjudications: z.number().int(),
  goldAnswers: z.number().int(),
  apiTokens: z.number().int(),
  userMeasures: z.number().int(),
});
export type BackupContents = z.infer<typeof backupContentsSchema>;

const memberSchema = z.object({
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupMember = z.infer<typeof memberSchema>;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** seconds from the snapshot to the archive's end */
  seconds: z.number(),
  database: z.object({
    /** `server_version` of the server that was dumped */
    serverVersion: z.string(),
    /** `pg_dump --version` of the tool that dumped it */
    pgDump: z.string(),
    /** every migration applied to the database, in order: a restore applies the ones the code has beyond these */
    migrations: z.array(z.string()),
    /** the embedded PostgreSQL in PARALENS_HOME, or DATABASE_URL's server */
    mode: z.enum(['embedded', 'external']),
  }),
  contents: backupContentsSchema,
  members: z.array(memberSchema),
  /** what a restore will not bring back, in words (uploads waiting, model weights, secrets) */
  leftOut: z.array(z.string()),
  /**
   * SHA-256 of "paralens-backup:" + the AUTH_SECRET in use, first 16 hex digits: a restore says whether the
   * model endpoints' sealed keys can be opened with the secret it runs with (the secret itself is never stored).
   */
  secretFingerprint: z.string().nullable(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** The manifest read back from an archive, or the reason it cannot be used. */
export function parseBackupManifest(text: string): { ok: true; manifest: BackupManifest } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `its ${MANIFEST_NAME} is not JSON` };
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === 'string' && format !== BACKUP_FORMAT) {
    return { ok: false, reason: `it is a ${format} backup; this Paralens reads ${BACKUP_FORMAT}` };
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `its ${MANIFEST_NAME} is damaged (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
    };
  }
  return { ok: true, manifest: parsed.data };
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "3 corpora, 12,345 pairs, 2 campaigns, 480 answers" and the rest, for the command line and the admin page. */
export function describeBackupContents(c: BackupContents): string {
  return [
    count(c.corpora, 'corpus', 'corpora'),
    count(c.pairs, 'pair'),
    count(c.campaigns, 'campaign'),
    count(c.answers, 'answer'),
    count(c.adjudications, 'adjudication'),
    count(c.goldAnswers, 'gold answer'),
    count(c.users, 'user'),
    count(c.apiTokens, 'API token'),
    count(c.userMeasures, 'user measure'),
  ].join(', ');
}

/** Which migrations of the backup this code does not know (a backup from a newer Paralens), in order. */
export function unknownMigrations(backup: readonly string[], known: readonly string[]): string[] {
  const have = new Set(known);
  return backup.filter((name) => !have.has(name));
}

/** Byte sizes as people read them: 812 B, 14.2 MB, 1.31 GB (powers of 1000, like `ls -h --si`). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${units[unit]}`;
}

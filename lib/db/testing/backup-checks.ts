/**
 * For the backup tests. `undoMigration`, for what a restore does with an older backup: turns a
 * migrated database back into one that never ran the migration whose name ends with `suffix` (its
 * tables and types dropped, its row removed from _prisma_migrations), with one corpus in it; the
 * caller states the undoing as SQL (migrations have no down steps). Named rather than "the last", so
 * that the test does not break each time a later migration is added. `listSubmissionIds`: what a
 * restored copy holds.
 */
import pg from 'pg';

export async function undoMigration(url: string, suffix: string, undo: string[]): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = (
      await client.query<{ name: string }>(`SELECT migration_name AS name FROM _prisma_migrations WHERE migration_name LIKE $1`, [
        `%${suffix}`,
      ])
    ).rows[0];
    if (!found) throw new Error(`No applied migration ends with ${suffix}.`);
    const last = found.name;
    for (const statement of undo) await client.query(statement);
    await client.query('DELETE FROM _prisma_migrations WHERE migration_name = $1', [last]);
    await client.query(`INSERT INTO "Corpus" ("name", "slug", "updatedAt") VALUES ('Old corpus', 'old-corpus', now())`);
    return last;
  } finally {
    await client.end();
  }
}

/** The submission ids of a campaign's answers in the database at `url` (a restored copy). */
export async function listSubmissionIds(url: string, campaignId: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`SELECT "submissionId" AS id FROM "Annotation" WHERE "campaignId" = $1`, [
      campaignId,
    ]);
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

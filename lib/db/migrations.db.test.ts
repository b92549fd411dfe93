import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from './testing/empty-database';
import { applyMigrations, diffMigrationsAgainstSchema } from './migrations';

// An empty database of its own: the worker's database may hold indexes other test files' jobs built
// (the explorer's per-corpus indexes), which are not in the schema.
const database = emptyDatabase(`paralens_migrations_${process.pid}`);
beforeAll(database.create);
afterAll(database.drop);

describe('migrations', () => {
  it('replayed into an empty database, the committed migrations give prisma/schema.prisma (run `npm run db:migration -- <name>` when this fails)', async () => {
    expect(await diffMigrationsAgainstSchema(database.url)).toBe('');
  });

  it('applying them again to a migrated database applies nothing', async () => {
    expect(await applyMigrations(database.url)).toEqual([]);
  });
});

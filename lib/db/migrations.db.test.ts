import { describe, expect, it } from 'vitest';
import { applyMigrations, diffSchemaAgainstLastMigration } from './migrations';

describe('migrations', () => {
  it('the committed migrations match prisma/schema.prisma (run `npm run db:migration -- <name>` when this fails)', async () => {
    expect(await diffSchemaAgainstLastMigration(process.env.DATABASE_URL!)).toBe('');
  });

  it('applying them again to a migrated database applies nothing', async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
  });
});

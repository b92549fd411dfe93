import { describe, expect, it } from 'vitest';
import { checkDatabaseUrl } from './external-database';
import { findFreePort } from './ports';

describe('checkDatabaseUrl', () => {
  it('explains an unparsable URL', async () => {
    await expect(checkDatabaseUrl('not a url')).rejects.toThrow('DATABASE_URL is not a valid URL.');
  });

  it('refuses a non-PostgreSQL URL', async () => {
    await expect(checkDatabaseUrl('mysql://u:p@localhost/db')).rejects.toThrow(/needs PostgreSQL/);
  });

  it('explains an unreachable server in one line with what to do', async () => {
    const port = await findFreePort();
    const error = await checkDatabaseUrl(`postgresql://u:p@127.0.0.1:${port}/db`).then(
      () => new Error('expected a failure'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toBe(
      `cannot use the database at 127.0.0.1:${port}/db (connection refused). Check DATABASE_URL, or unset it to use the embedded database. Nothing was changed.`,
    );
    expect(error.message).not.toContain('\n');
  });
});

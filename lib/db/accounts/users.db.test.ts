import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { getSqlPool } from '../sql-pool';
import { endUserSessions, getSessionUser, updateUser } from './users';
import { makeUser } from '@/prisma/factories/users';

const pool = getSqlPool();
afterAll(() => pool.end());

describe('session versions', () => {
  it('a session of the current version is accepted; a password, role or active change and a sign-out each end it', async () => {
    const db = getDb();
    const user = await makeUser(db);
    expect((await getSessionUser(pool, user.id, 0))?.id).toBe(user.id);

    const changes = [
      () => updateUser(db, user.id, { passwordHash: 'x' }),
      () => updateUser(db, user.id, { role: 'RESEARCHER' }),
      () => updateUser(db, user.id, { isActive: true }),
      () => endUserSessions(db, user.id),
    ];
    for (const [version, change] of changes.entries()) {
      await change();
      expect(await getSessionUser(pool, user.id, version), `after change ${version}`).toBeNull();
      expect((await getSessionUser(pool, user.id, version + 1))?.id).toBe(user.id);
    }
  });

  it('a name change keeps sessions; a deactivated user has none', async () => {
    const db = getDb();
    const user = await makeUser(db);
    await updateUser(db, user.id, { name: 'Renamed' });
    expect((await getSessionUser(pool, user.id, 0))?.name).toBe('Renamed');
    await updateUser(db, user.id, { isActive: false });
    expect(await getSessionUser(pool, user.id, 1)).toBeNull();
  });
});

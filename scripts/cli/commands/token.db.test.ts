import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { userForApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { runInMemory } from '../memory-io';
import { run } from './token';

const db = getDb();
const pool = getSqlPool();
afterAll(() => pool.end());

describe('paralens token (DATABASE_URL)', () => {
  it('creates a token that acts as the user with the user’s current role, lists it without the secret, revokes it', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const created = await runInMemory(run, ['create', '--email', user.email, '--name', 'notebook', '--expires-days', '30']);
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^pl_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toMatch(/"notebook" for .* \(researcher\), expires 20\d\d-.*shown only this once/);
    expect(await userForApiToken(pool, token)).toMatchObject({ id: user.id, role: 'RESEARCHER' });
    await db.user.update({ where: { id: user.id }, data: { role: 'ANNOTATOR' } });
    expect(await userForApiToken(pool, token)).toMatchObject({ id: user.id, role: 'ANNOTATOR' });

    const listed = await runInMemory(run, ['list', '--email', user.email]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(token.slice(0, 10));
    expect(listed.stdout).not.toContain(token);
    const [row] = JSON.parse((await runInMemory(run, ['list', '--email', user.email, '--json'])).stdout) as Array<{
      id: number;
      name: string;
    }>;
    expect(row).toMatchObject({ name: 'notebook' });

    expect((await runInMemory(run, ['revoke', '--id', String(row!.id)])).code).toBe(0);
    expect(await userForApiToken(pool, token)).toBeNull();
    expect((await runInMemory(run, ['revoke', '--id', String(row!.id)])).code).toBe(1);
    expect((await runInMemory(run, ['list', '--email', user.email])).stdout).toMatch(/revoked/);
  });

  it('refuses expired tokens and tokens of deactivated users', async () => {
    const user = await makeUser(db);
    const token = (await runInMemory(run, ['create', '--email', user.email, '--name', 'short'])).stdout.trim();
    expect(await userForApiToken(pool, token)).not.toBeNull();
    await db.apiToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await userForApiToken(pool, token)).toBeNull();
    const other = (await runInMemory(run, ['create', '--email', user.email, '--name', 'second'])).stdout.trim();
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await userForApiToken(pool, other)).toBeNull();
    expect((await runInMemory(run, ['create', '--email', user.email, '--name', 'third'])).code).toBe(1);
  });

  it('exits 1 for an unknown user and 2 for bad arguments', async () => {
    expect((await runInMemory(run, ['create', '--email', 'nobody@example.test', '--name', 'x'])).code).toBe(1);
    expect((await runInMemory(run, ['create', '--email', 'a@example.test'])).code).toBe(2);
    expect((await runInMemory(run, ['create', '--email', 'a@example.test', '--name', 'x', '--expires-days', '0'])).code).toBe(2);
    expect((await runInMemory(run, ['revoke'])).code).toBe(2);
    expect((await runInMemory(run, ['frobnicate'])).code).toBe(2);
    expect((await runInMemory(run, ['--nope'])).code).toBe(2);
  });
});

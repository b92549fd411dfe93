/**
 * `paralens user` on a fresh DATABASE_URL database (empty, not even migrated): the first admin
 * made from the command line can sign in through the Auth.js credentials check, and every change
 * is audited like the admin page's, with no actor and `via: "cli"`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { listAuditPage } from '@/lib/db/accounts/audit';
import { verifyCredentials } from '@/lib/auth/verify-credentials';
import { issueApiToken } from '@/lib/auth/api-token';
import { emptyDatabase } from '@/lib/db/testing/empty-database';
import { runInMemory } from '../memory-io';
import { run } from './user';

const database = emptyDatabase(`paralens_fresh_${process.env.VITEST_POOL_ID ?? '0'}_${Date.now()}`);
const admin = { email: 'first.admin@example.org', name: 'First Admin', password: 'a first admin password' };
const researcher = { email: 'Researcher@Example.org', name: 'Rita Researcher' };

const user = (args: string[], stdin = '') => runInMemory(run, args, stdin);
/** The newest audit entry of that action (failed sign-ins are audited too). */
const lastAudit = async (action: string) => (await listAuditPage(getDb(), { action }, 1)).entries[0];
const issueUserToken = async (email: string, name: string) =>
  issueApiToken(getDb(), (await getDb().user.findUniqueOrThrow({ where: { email } })).id, name, null);
const activeTokens = (email: string) => getDb().apiToken.count({ where: { user: { email }, revokedAt: null } });
let addressCounter = 0;
const signIn = (email: string, password: string) => verifyCredentials({ email, password }, `192.0.2.${(addressCounter += 1)}`);

beforeAll(async () => {
  await database.create();
  // Before anything opens getDb(): the commands and the sign-in check use the fresh database.
  process.env.DATABASE_URL = database.url;
});

afterAll(async () => {
  await getDb().$disconnect();
  await database.drop();
});

describe('paralens user on a fresh DATABASE_URL database', () => {
  it('migrates the empty database and lists no users', async () => {
    const out = await user(['list']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('No users yet');
  });

  it('creates the first admin with the piped password; it can sign in', async () => {
    const out = await user(['create', '--email', admin.email, '--name', admin.name, '--role', 'admin'], `${admin.password}\n`);
    expect(out).toMatchObject({ code: 0, stdout: `Created the admin ${admin.email} (${admin.name}).\n` });
    const result = await signIn(admin.email, admin.password);
    expect(result.ok).toBe(true);
    const entry = await lastAudit('user.create');
    expect(entry).toMatchObject({ targetType: 'user', actor: null, details: { email: admin.email, role: 'ADMIN', via: 'cli' } });
    expect(entry?.targetId).toBe(String(result.ok && result.userId));
  });

  it('keeps the last active admin: no deactivation, no role change', async () => {
    const deactivate = await user(['deactivate', '--email', admin.email]);
    expect(deactivate).toMatchObject({
      code: 1,
      stderr: 'paralens user deactivate: This is the last active admin; make another admin first.\n',
    });
    expect((await user(['set-role', '--email', admin.email, '--role', 'researcher'])).code).toBe(1);
    expect((await signIn(admin.email, admin.password)).ok).toBe(true);
  });

  it('generates a password when none is piped, prints it once, and it works', async () => {
    const out = await user(['create', '--email', researcher.email, '--name', researcher.name, '--role', 'RESEARCHER']);
    expect(out.code).toBe(0);
    const password = /^Password \(shown once\): (\S+)$/m.exec(out.stdout)?.[1];
    expect(password).toHaveLength(16);
    expect((await signIn(researcher.email, password!)).ok).toBe(true);
  });

  it('changes a role, audited with from, to and via', async () => {
    const out = await user(['set-role', '--email', researcher.email, '--role', 'admin']);
    expect(out).toMatchObject({ code: 0, stdout: 'researcher@example.org is now admin (was researcher).\n' });
    expect(await lastAudit('user.role')).toMatchObject({ actor: null, details: { from: 'RESEARCHER', to: 'ADMIN', via: 'cli' } });
  });

  it('resets a password: the old one stops working, the new one works, the API tokens are revoked', async () => {
    const next = 'the second admin password';
    await Promise.all(['notebook', 'cron'].map((name) => issueUserToken(admin.email, name)));
    const out = await user(['reset-password', '--email', admin.email], `${next}\n`);
    expect(out).toMatchObject({ code: 0, stdout: `Set a new password for ${admin.email} and revoked its 2 API tokens.\n` });
    expect(await signIn(admin.email, admin.password)).toEqual({ ok: false, reason: 'invalid' });
    expect((await signIn(admin.email, next)).ok).toBe(true);
    admin.password = next;
    expect(await activeTokens(admin.email)).toBe(0);
    expect(await lastAudit('user.password-reset')).toMatchObject({ actor: null, details: { tokensRevoked: 2, via: 'cli' } });
  });

  it('deactivates (revoking the API token) and activates an account (the token stays revoked)', async () => {
    await issueUserToken(admin.email, 'script');
    const out = await user(['deactivate', '--email', admin.email]);
    expect(out).toMatchObject({
      code: 0,
      stdout: `Deactivated ${admin.email} and revoked its API token: they can no longer sign in.\n`,
    });
    expect(await signIn(admin.email, admin.password)).toEqual({ ok: false, reason: 'invalid' });
    const listed = JSON.parse((await user(['list', '--json'])).stdout) as Array<{
      email: string;
      role: string;
      isActive: boolean;
    }>;
    expect(listed.map(({ email, role, isActive }) => ({ email, role, isActive }))).toEqual([
      { email: admin.email, role: 'ADMIN', isActive: false },
      { email: 'researcher@example.org', role: 'ADMIN', isActive: true },
    ]);
    expect(await lastAudit('user.deactivate')).toMatchObject({ actor: null, details: { tokensRevoked: 1, via: 'cli' } });
    expect((await user(['activate', '--email', admin.email])).code).toBe(0);
    expect((await signIn(admin.email, admin.password)).ok).toBe(true);
    expect(await activeTokens(admin.email)).toBe(0);
  });

  it('prints the accounts as a table', async () => {
    const out = await user(['list']);
    expect(out.stdout.split('\n')[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATUS\s+LAST SIGN-IN \(UTC\)$/);
    expect(out.stdout).toMatch(/first\.admin@example\.org\s+First Admin\s+admin\s+active\s+\d{4}-\d\d-\d\d \d\d:\d\d/);
  });

  it('refuses a taken email and an unknown user with exit code 1', async () => {
    const taken = await user(
      ['create', '--email', admin.email.toUpperCase(), '--name', 'Again', '--role', 'annotator'],
      'another password 123',
    );
    expect(taken).toMatchObject({
      code: 1,
      stderr: `paralens user create: A user with the email ${admin.email} already exists.\n`,
    });
    const unknown = await user(['set-role', '--email', 'nobody@example.org', '--role', 'annotator']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'paralens user set-role: No user has the email nobody@example.org.\n' });
  });

  it('validates like the admin page and exits 2, before touching the database', async () => {
    const cases: Array<[string[], string, string]> = [
      [['create', '--email', 'not-an-email', '--name', 'X', '--role', 'admin'], '', '--email: Enter a valid email address.'],
      [['create', '--email', 'x@example.org', '--role', 'admin'], '', '--name is required'],
      [
        ['create', '--email', 'x@example.org', '--name', 'X', '--role', 'boss'],
        '',
        '--role must be one of admin, researcher, annotator',
      ],
      [
        ['create', '--email', 'x@example.org', '--name', 'X', '--role', 'admin'],
        'short\n',
        'the password: At least 10 characters.',
      ],
      [['reset-password', '--email', admin.email], 'two\nlines\n', 'the password on standard input must be one line.'],
      [['create', '--email', 'x@example.org', '--name', 'X', '--role', 'admin', '--admin'], '', "Unknown option '--admin'"],
      [['promote'], '', 'unknown subcommand "promote"'],
    ];
    for (const [args, stdin, message] of cases) {
      const out = await user(args, stdin);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr, args.join(' ')).toContain(message);
    }
    expect((await user(['list', '--json'])).stdout).not.toContain('x@example.org');
  });
});

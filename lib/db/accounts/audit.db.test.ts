/**
 * The audit log's channel and its reading for the audit page and `GET /api/v1/audit`: filters by
 * actor, action (exact or prefix), channel and whole UTC days, and pages that neither skip nor repeat.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { auditFilterFromQuery, listAuditPage, recordAudit } from './audit';
import { setProcessAuditChannel, withAuditChannel } from '@/lib/runtime/audit-channel';
import { makeUser } from '@/prisma/factories/users';

const db = getDb();
afterEach(() => setProcessAuditChannel('web'));

describe('audit log', () => {
  it('records the channel of the request or the process', async () => {
    const g = `t${Date.now()}`;
    await recordAudit(db, { action: `${g}.plain` });
    await withAuditChannel('api', () => recordAudit(db, { action: `${g}.token` }));
    setProcessAuditChannel('cli');
    await recordAudit(db, { action: `${g}.typed` });
    await withAuditChannel('web', () => recordAudit(db, { action: `${g}.inside` }));
    const { entries } = await listAuditPage(db, { action: `${g}.` });
    expect(Object.fromEntries(entries.map((e) => [e.action.slice(g.length + 1), e.via]))).toEqual({
      plain: 'web',
      token: 'api',
      typed: 'cli',
      inside: 'web',
    });
  });

  it('filters by actor, action, channel and day, and pages without gaps or repeats', async () => {
    const g = `f${Date.now()}`;
    const alice = await makeUser(db, { name: 'Audit Alice' });
    const bob = await makeUser(db, { name: 'Audit Bob' });
    const at = (d: string) => new Date(d);
    const rows = [
      { actorId: alice.id, action: `${g}.create`, via: 'web', createdAt: at('2026-03-01T23:59:59Z') },
      { actorId: alice.id, action: `${g}.delete`, via: 'api', createdAt: at('2026-03-02T00:00:00Z') },
      { actorId: bob.id, action: `${g}.create`, via: 'cli', createdAt: at('2026-03-02T12:00:00Z') },
      { actorId: bob.id, action: `${g}x.create`, via: 'cli', createdAt: at('2026-03-03T00:00:00Z') },
      { actorId: null, action: `${g}.create`, via: 'job', createdAt: at('2026-03-04T08:00:00Z') },
    ];
    for (const r of rows) await db.auditLog.create({ data: r });
    const actions = async (filter: Parameters<typeof auditFilterFromQuery>[0]) =>
      (await listAuditPage(db, auditFilterFromQuery(filter))).entries.map(
        (e) =>
          `${e.actor === alice.email ? 'alice' : e.actor === bob.email ? 'bob' : 'nobody'} ${e.action.slice(g.length)} ${e.via}`,
      );

    // "g." is a prefix: it does not match "gx.create"; newest first
    expect(await actions({ action: `${g}.` })).toEqual([
      'nobody .create job',
      'bob .create cli',
      'alice .delete api',
      'alice .create web',
    ]);
    expect(await actions({ action: `${g}.create` })).toEqual(['nobody .create job', 'bob .create cli', 'alice .create web']);
    expect(await actions({ action: `${g}.`, actor: alice.email.toUpperCase() })).toEqual([
      'alice .delete api',
      'alice .create web',
    ]);
    expect(await actions({ action: `${g}.`, via: 'cli' })).toEqual(['bob .create cli']);
    // whole UTC days, both ends included
    expect(await actions({ action: `${g}.`, from: '2026-03-02', to: '2026-03-02' })).toEqual([
      'bob .create cli',
      'alice .delete api',
    ]);
    expect(await actions({ action: `${g}.`, to: '2026-03-01' })).toEqual(['alice .create web']);

    const seen: number[] = [];
    let before: number | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listAuditPage(db, { action: `${g}.`, ...(before !== undefined ? { before } : {}) }, 3);
      seen.push(...page.entries.map((e) => e.id));
      if (page.nextBefore === null) break;
      expect(page.entries).toHaveLength(3);
      before = page.nextBefore;
    }
    const all = (await listAuditPage(db, { action: `${g}.` }, 200)).entries.map((e) => e.id);
    expect(seen).toEqual(all);
    expect(all).toHaveLength(4);
  });
});

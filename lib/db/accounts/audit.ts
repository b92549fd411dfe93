/**
 * The audit log of sensitive actions (account changes, failed sign-ins, imports, exports, campaign
 * and quality changes), each with the channel it came through (lib/runtime/audit-channel.ts), and
 * its reading for the admins' audit page and `GET /api/v1/audit`: filtered by actor, action and
 * date, newest first, paged on the server by id (a page never shifts when new entries arrive).
 */
import { currentAuditChannel, type AuditChannel } from '@/lib/runtime/audit-channel';
import type { Db } from '../client';
import type { InputJsonValue } from '../generated/internal/prismaNamespace';
import type { AuditLogWhereInput } from '../generated/models/AuditLog';

export interface AuditEntry {
  actorId?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: InputJsonValue;
  ip?: string | null;
  /** default: the channel of the current request or process */
  via?: AuditChannel;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actorId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      details: entry.details,
      ip: entry.ip ?? null,
      via: entry.via ?? currentAuditChannel(),
    },
  });
}

export interface AuditFilter {
  /** the actor's email (exact, case-insensitive) */
  actor?: string;
  /** an action (e.g. "user.role"), or a prefix ending in "." (e.g. "user.") */
  action?: string;
  via?: AuditChannel;
  /** createdAt >= from, < to */
  from?: Date;
  to?: Date;
  /** entries older than this id (the next page) */
  before?: number;
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  actor: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
  ip: string | null;
  via: string | null;
}

/** The filter of the API's or the page's query: days are whole UTC days, `to` included. */
export function auditFilterFromQuery(q: {
  actor?: string;
  action?: string;
  via?: AuditChannel;
  from?: string;
  to?: string;
  before?: number;
}): AuditFilter {
  const next = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
  return {
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.via ? { via: q.via } : {}),
    ...(q.from ? { from: new Date(`${q.from}T00:00:00Z`) } : {}),
    ...(q.to ? { to: next(q.to) } : {}),
    ...(q.before !== undefined ? { before: q.before } : {}),
  };
}

function auditWhere(filter: AuditFilter): AuditLogWhereInput {
  const where: AuditLogWhereInput = {};
  if (filter.actor) where.actor = { email: { equals: filter.actor, mode: 'insensitive' } };
  if (filter.action) where.action = filter.action.endsWith('.') ? { startsWith: filter.action } : filter.action;
  if (filter.via) where.via = filter.via;
  if (filter.from || filter.to)
    where.createdAt = { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) };
  if (filter.before !== undefined) where.id = { lt: filter.before };
  return where;
}

/** One page of matching entries, newest first, and the id to pass as `before` for the next (null: last page). */
export async function listAuditPage(
  db: Db,
  filter: AuditFilter,
  limit = 50,
): Promise<{ entries: AuditRow[]; nextBefore: number | null }> {
  const rows = await db.auditLog.findMany({
    where: auditWhere(filter),
    orderBy: { id: 'desc' },
    take: limit + 1,
    select: {
      id: true,
      action: true,
      targetType: true,
      targetId: true,
      details: true,
      ip: true,
      via: true,
      createdAt: true,
      actor: { select: { email: true } },
    },
  });
  const entries = rows.slice(0, limit).map(({ actor, ...r }) => ({ ...r, actor: actor?.email ?? null }));
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
}

/** The actions and actors the log holds (for the filter menus). */
export async function listAuditFacets(db: Db): Promise<{ actions: string[]; actors: string[] }> {
  const [actions, actors] = await Promise.all([
    db.auditLog.findMany({ distinct: ['action'], select: { action: true }, orderBy: { action: 'asc' } }),
    db.user.findMany({ where: { auditEntries: { some: {} } }, select: { email: true }, orderBy: { email: 'asc' } }),
  ]);
  return { actions: actions.map((a) => a.action), actors: actors.map((a) => a.email) };
}

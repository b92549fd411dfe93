/** The audit log of sensitive actions (account changes, failed sign-ins, imports, exports). */
import type { Db } from './client';
import type { InputJsonValue } from './generated/internal/prismaNamespace';

export interface AuditEntry {
  actorId?: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: InputJsonValue;
  ip?: string | null;
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
    },
  });
}

export function listAuditEntries(db: Db, limit = 50) {
  return db.auditLog.findMany({
    orderBy: { createdAt: 'desc' },
    take: limit,
    select: { id: true, action: true, targetType: true, targetId: true, details: true, ip: true, createdAt: true, actor: { select: { email: true } } },
  });
}

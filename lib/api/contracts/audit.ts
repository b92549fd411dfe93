/**
 * The audit log for admins: who changed what, when, and through which door (web, API,
 * CLI, job), filtered by actor, action, channel and date, newest first, paged on the server.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { standardErrors } from '../error-body';
import { AUDIT_CHANNELS } from '@/lib/access/audit-channels';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s; // 2026-02-30 is no day
  }, 'not a calendar date');

export const auditQuery = z
  .object({
    actor: z.string().trim().min(1).max(320).optional().describe("the actor's email (case-insensitive)"),
    action: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('an action such as "user.role", or a prefix ending in "." such as "user."'),
    via: z.enum(AUDIT_CHANNELS).optional().describe('web (browser session), api (bearer token), cli, job'),
    from: day.optional().describe('entries on or after this day (UTC)'),
    to: day.optional().describe('entries on or before this day (UTC)'),
    before: z.coerce.number().int().positive().optional().describe('the next page: `nextBefore` of the previous answer'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" is after "to"', path: ['to'] });

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    actor: z.string().nullable().describe('email; null for a failed sign-in of an unknown account or a deleted user'),
    action: z.string(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z.unknown(),
    ip: z.string().nullable(),
    via: z.string().nullable().describe('web, api, cli or job; null for entries written before channels were recorded'),
  })
  .meta({ id: 'AuditEntry' });

export const listAuditContract = defineContract({
  method: 'GET',
  path: '/api/v1/audit',
  summary: 'The audit log, newest first, filtered by actor, action, channel and date (admins)',
  tags: ['admin'],
  roles: ['ADMIN'],
  query: auditQuery,
  responses: {
    200: {
      description: 'One page of entries',
      schema: z.object({
        entries: z.array(auditEntrySchema),
        nextBefore: z.number().int().nullable().describe('pass as `before` for the next page; null on the last'),
      }),
    },
    ...standardErrors,
  },
});

/** GET /api/v1/audit: the audit log, filtered and paged (admins). */
import { apiRoute } from '@/lib/http/api-route';
import { listAuditContract } from '@/lib/api/contracts/audit';
import { database } from '@/lib/db/database';
import { auditFilterFromQuery, listAuditPage } from '@/lib/db/accounts/audit';

export const GET = apiRoute(listAuditContract, async ({ query }) => {
  const page = await listAuditPage(database(), auditFilterFromQuery(query), query.limit);
  return {
    status: 200,
    body: { entries: page.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), nextBefore: page.nextBefore },
  };
});

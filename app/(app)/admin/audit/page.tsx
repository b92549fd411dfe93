import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { auditQuery } from '@/lib/api/contracts/audit';
import { database } from '@/lib/db/database';
import { auditFilterFromQuery, listAuditFacets, listAuditPage } from '@/lib/db/accounts/audit';
import { PageHeader } from '@/components/ui/page-header';
import { AuditFilterForm } from '@/components/admin/audit-filter-form';
import { AuditTable } from '@/components/admin/audit-table';

export const metadata: Metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Who changed what, when, and through which door; filters and pages are the API's (`GET /api/v1/audit`). */
export default async function AuditPage({ searchParams }: Props) {
  await requireArea('admin');
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])),
  );
  const parsed = auditQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : auditQuery.parse({});
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'filter'}: ${i.message}`);
  const db = database();
  const [page, facets] = await Promise.all([listAuditPage(db, auditFilterFromQuery(query), query.limit), listAuditFacets(db)]);
  const filters = Object.entries({
    actor: query.actor,
    action: query.action,
    via: query.via,
    from: query.from,
    to: query.to,
  }).filter((e): e is [string, string] => typeof e[1] === 'string');
  const nextHref =
    page.nextBefore === null
      ? null
      : `/admin/audit?${new URLSearchParams([...filters, ['before', String(page.nextBefore)]]).toString()}`;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change to accounts, tokens, corpora, campaigns, labels and exports, and every refused sign-in: who, what, when, and whether it came from the web app, the API, the command line or a background job."
      />
      <AuditFilterForm actions={facets.actions} actors={facets.actors} current={Object.fromEntries(filters)} />
      {problems.length > 0 && (
        <p role="alert" className="alert error">
          The filter was not applied: {problems.join('; ')}
        </p>
      )}
      <AuditTable
        entries={page.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))}
        filtered={filters.length > 0}
      />
      <nav className="row small" aria-label="Audit pages">
        {query.before !== undefined && <Link href={`/admin/audit?${new URLSearchParams(filters).toString()}`}>Newest</Link>}
        {nextHref && <Link href={nextHref}>Older entries</Link>}
      </nav>
    </>
  );
}

import Link from 'next/link';
import { listUnitFacets, loadQuestionTables, type DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { database } from '@/lib/db/database';
import { computeBreakdown, type BreakdownFacet } from '@/lib/dashboards/agreement-breakdown';
import { measureList } from '@/lib/measures/catalog';
import { AgreementTable } from '@/components/dashboards/agreement-table';

/** Agreement per corpus, sampling stratum or measure bin, each question's headline coefficients. */
export async function BreakdownSection({
  campaign,
  facet,
  href,
}: {
  campaign: DashboardCampaign;
  facet: BreakdownFacet;
  href: (by: string) => string;
}) {
  const db = database();
  const [tables, facets] = await Promise.all([loadQuestionTables(db, campaign), listUnitFacets(db, campaign.id)]);
  const current = facet.kind === 'measure' ? `measure:${facet.measure}` : facet.kind;
  return (
    <>
      <nav className="row small" aria-label="Break down by">
        {[
          ['corpus', 'corpus'],
          ['stratum', 'sampling stratum'],
          ...measureList.filter((m) => m.group !== 'thesis').map((m) => [`measure:${m.key}`, `bin of ${m.label}`]),
        ].map(([by, label]) => (
          <Link key={by} href={href(by!)} aria-current={by === current ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {tables.map((t) => {
        const rows = computeBreakdown(t.table, t.scheme, facets, facet);
        return (
          <details key={t.question.key} open={t === tables[0]}>
            <summary>{t.question.label}</summary>
            {rows.length === 0 ? (
              <p className="muted small">No pairs have a value for this breakdown.</p>
            ) : (
              <AgreementTable
                rows={rows.map((r) => ({ key: r.group, label: r.group, agreement: r.agreement }))}
                label={`${t.question.label} by ${current}`}
              />
            )}
          </details>
        );
      })}
    </>
  );
}

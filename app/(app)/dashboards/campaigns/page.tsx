import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCampaignProgress } from '@/lib/db/campaigns/campaign-progress';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardTabs, topTabs } from '@/components/dashboards/dashboard-tabs';

export const metadata: Metadata = { title: 'Campaign dashboards' };

export default async function CampaignDashboardsPage() {
  await requireArea('dashboards');
  const campaigns = await listCampaignProgress(database());
  return (
    <>
      <PageHeader
        title="Campaign dashboards"
        description="Agreement, characteristic maps from the ratings, correlations with the measures and entailment relations, per campaign."
      />
      <DashboardTabs current="/dashboards/campaigns" links={topTabs} />
      {campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p>Create a campaign to collect ratings.</p>
        </EmptyState>
      ) : (
        <table className="data" aria-label="Campaigns">
          <thead>
            <tr>
              <th>Campaign</th>
              <th>Corpora</th>
              <th>Status</th>
              <th className="num">answers</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`/dashboards/campaigns/${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                </td>
                <td>{c.corpora.join(', ')}</td>
                <td>{c.status.toLowerCase()}</td>
                <td className="num">
                  {c.answers.toLocaleString('en')} / {c.targetAnswers.toLocaleString('en')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { listCampaigns } from '@/lib/db/campaigns';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage() {
  await requireArea('campaigns');
  const campaigns = await listCampaigns(getDb());
  return (
    <>
      <PageHeader title="Campaigns" description="Annotation campaigns: questions, overlap, sampling, members and progress." />
      {campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p>
            A campaign samples pairs from one or more corpora and asks expert annotators for Likert similarity,
            paraphrase labels and entailment relations.
          </p>
        </EmptyState>
      ) : (
        <table className="data" aria-label="Campaigns">
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              <th className="num">Members</th>
              <th className="num">Pairs</th>
              <th className="num">Annotations</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.status.toLowerCase()}</td>
                <td className="num">{c.members}</td>
                <td className="num">{c.items}</td>
                <td className="num">{c.annotations}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

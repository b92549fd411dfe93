import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { listCampaignsForMember } from '@/lib/db/campaigns';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'My campaigns' };

export default async function AnnotatePage() {
  const user = await requireArea('annotate');
  const campaigns = await listCampaignsForMember(getDb(), user.id);
  return (
    <>
      <PageHeader title="My campaigns" description="The annotation campaigns you are a member of." />
      {campaigns.length === 0 ? (
        <EmptyState title="No campaigns for you yet">
          <p>When a researcher adds you to an annotation campaign, it appears here with your progress.</p>
        </EmptyState>
      ) : (
        <div className="grid">
          {campaigns.map((c) => (
            <article key={c.id} className="card">
              <h2 style={{ marginTop: 0 }}>{c.name}</h2>
              <p className="muted small">
                {c.submitted} of {c.assigned} pairs done · {c.status.toLowerCase()}
              </p>
              <progress max={Math.max(c.assigned, 1)} value={c.submitted} style={{ width: '100%' }} />
            </article>
          ))}
        </div>
      )}
    </>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCampaignsForMember } from '@/lib/db/campaigns/campaigns';
import { countProgress } from '@/lib/db/campaigns/campaign-membership';
import { countDiscussionPairs } from '@/lib/db/annotations/discussion';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'My campaigns' };

export default async function AnnotatePage() {
  const user = await requireArea('annotate');
  const campaigns = await listCampaignsForMember(database(), user.id);
  const [progress, discussion] = await Promise.all([
    Promise.all(campaigns.map((c) => countProgress(database(), c.id, user.id))),
    countDiscussionPairs(
      database(),
      campaigns.map((c) => c.id),
      user.id,
    ),
  ]);
  return (
    <>
      <PageHeader
        title="My campaigns"
        description="The annotation campaigns you are a member of. Open one to annotate; everything works with the keyboard."
      />
      {campaigns.length === 0 ? (
        <EmptyState title="No campaigns for you yet">
          <p>When a researcher adds you to an annotation campaign, it appears here with your progress.</p>
        </EmptyState>
      ) : (
        <div className="grid">
          {campaigns.map((c, i) => {
            const { done, remaining, remainingCapped } = progress[i] ?? { done: 0, remaining: 0, remainingCapped: false };
            const left = `${remaining.toLocaleString('en')}${remainingCapped ? '+' : ''}`;
            const disagreed = discussion.get(c.id) ?? 0;
            return (
              <article key={c.id} className="card">
                <h2 style={{ marginTop: 0 }}>
                  <Link href={`/annotate/${encodeURIComponent(c.slug)}`}>{c.name}</Link>
                </h2>
                <p className="muted small" data-testid="campaign-progress">
                  {done.toLocaleString('en')} done · {left} to go · {c.status.toLowerCase()}
                </p>
                <progress
                  max={Math.max(done + remaining, 1)}
                  value={done}
                  style={{ width: '100%' }}
                  aria-label={`${c.name}: ${done} done, ${left} to go`}
                />
                <p className="row" style={{ marginBottom: 0 }}>
                  <Link href={`/annotate/${encodeURIComponent(c.slug)}`} className="button">
                    {c.status === 'ACTIVE' ? (done > 0 ? 'Continue' : 'Start') : 'Look at my answers'}
                  </Link>
                  {disagreed > 0 && <Link href={`/annotate/${encodeURIComponent(c.slug)}/discussion`}>Discussion round</Link>}
                </p>
                {disagreed > 0 && (
                  <p className="small muted" style={{ marginBottom: 0 }}>
                    {disagreed.toLocaleString('en')}{' '}
                    {disagreed === 1 ? 'pair where the annotators disagree waits' : 'pairs where the annotators disagree wait'}{' '}
                    for you: read the others’ answers and keep or revise yours.
                  </p>
                )}
              </article>
            );
          })}
        </div>
      )}
    </>
  );
}

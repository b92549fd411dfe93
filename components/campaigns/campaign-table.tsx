import Link from 'next/link';
import type { CampaignListProgress } from '@/lib/db/campaigns/campaign-progress';
import { completion } from '@/lib/annotation/campaign-estimate';
import { CompletionBar } from './completion-bar';
import styles from './campaigns.module.css';
import { archivedBadge } from '@/components/tidy/archived-toggle';

/** All campaigns, newest first, with their status, size and completion. */
export function CampaignTable({ campaigns }: { campaigns: readonly CampaignListProgress[] }) {
  return (
    <table className="data" aria-label="Campaigns">
      <thead>
        <tr>
          <th>Name</th>
          <th>Status</th>
          <th>Corpora</th>
          <th className="num">Pairs</th>
          <th className="num">Overlap</th>
          <th className="num">Annotators</th>
          <th>Completion</th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map((c) => (
          <tr key={c.id}>
            <td>
              <Link href={`/campaigns/${encodeURIComponent(c.slug)}`}>{c.name}</Link> {c.archivedAt && archivedBadge}
            </td>
            <td>
              <span className={`badge ${styles.status}`}>{c.status}</span>
            </td>
            <td className="small">{c.corpora.join(', ')}</td>
            <td className="num">{c.items.toLocaleString('en')}</td>
            <td className="num">{c.overlap}</td>
            <td className="num">{c.members}</td>
            <td>
              <CompletionBar
                value={completion(c.answers, c.targetAnswers)}
                detail={`${c.answers.toLocaleString('en')} of ${c.targetAnswers.toLocaleString('en')} answers`}
              />
            </td>
            <td className="small">{c.createdAt.toISOString().slice(0, 10)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

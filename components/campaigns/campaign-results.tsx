import Link from 'next/link';
import type { Question } from '@/lib/annotation/questions';
import styles from './campaigns.module.css';

/**
 * Where a campaign's results are, one click from its page: its dashboards (agreement, maps,
 * correlations, distributions, relations, label sets compared), its model runs compared, an export
 * of its labels and the final labels as JSON Lines.
 */
export function CampaignResults({ id, slug, questions }: { id: number; slug: string; questions: readonly Question[] }) {
  const dashboard = `/dashboards/campaigns/${encodeURIComponent(slug)}`;
  const links = [
    { href: dashboard, text: 'Agreement', note: 'α, κ and AC1 per question, with intervals' },
    { href: `${dashboard}/maps`, text: 'Characteristic maps', note: 'ratings by syn × sem cell' },
    { href: `${dashboard}/correlations`, text: 'Correlations', note: 'measures against ratings (Table 6)' },
    { href: `${dashboard}/distributions`, text: 'Distributions', note: 'measures by final label' },
    ...(questions.some((q) => q.type === 'relation')
      ? [{ href: `${dashboard}/relations`, text: 'Relations', note: 'entailment relations by paraphrase label' }]
      : []),
    { href: `${dashboard}/compare`, text: 'Label sets compared', note: "against another campaign or the corpus's own labels" },
    { href: `/campaigns/${encodeURIComponent(slug)}/model-runs/compare`, text: 'Model runs', note: 'judged like a human' },
  ];
  return (
    <div className="stack">
      <ul className={styles.results}>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href}>{l.text}</Link> <span className="small muted">{l.note}</span>
          </li>
        ))}
      </ul>
      <p className="row">
        <Link href={`/exports?campaign=${encodeURIComponent(slug)}`}>Export its labels</Link>
        <span className="small muted">
          CSV, JSON Lines or a Hugging Face dataset with the answers, final labels and adjudications; or at once:{' '}
          <a href={`/api/v1/campaigns/${id}/final`}>final labels (JSON Lines)</a>
        </span>
      </p>
    </div>
  );
}

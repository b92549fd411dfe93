import Link from 'next/link';
import styles from './dashboards.module.css';

/** The dashboard sections, with the current one marked. */
export function DashboardTabs({ current, links }: { current: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav className={styles.tabs} aria-label="Dashboards">
      {links.map((l) => (
        <Link key={l.href} href={l.href} aria-current={l.href === current ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

export const topTabs = [
  { href: '/dashboards', label: 'Corpus comparison' },
  { href: '/dashboards/maps', label: 'Characteristic maps' },
  { href: '/dashboards/judgements', label: 'Measures vs judgements' },
  { href: '/dashboards/distributions', label: 'Distributions by label' },
  { href: '/dashboards/campaigns', label: 'Campaigns' },
] as const;

export function campaignTabs(slug: string) {
  const base = `/dashboards/campaigns/${encodeURIComponent(slug)}`;
  return [
    { href: base, label: 'Agreement' },
    { href: `${base}/maps`, label: 'Maps' },
    { href: `${base}/correlations`, label: 'Correlations' },
    { href: `${base}/relations`, label: 'Relations' },
    { href: `${base}/compare`, label: 'Compare labels' },
    { href: `${base}/distributions`, label: 'Distributions' },
  ];
}

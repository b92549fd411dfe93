import Link from 'next/link';

/** Where else a corpus is shown, one click from its page: its pairs in the explorer, its dashboards, its export. */
export function CorpusLinks({ slug }: { slug: string }) {
  const q = encodeURIComponent(slug);
  const links = [
    { href: `/explore?corpus=${q}`, text: 'Its pairs in the explorer' },
    { href: `/dashboards/maps?corpus=${q}`, text: 'Its characteristic map' },
    { href: `/dashboards/distributions?corpus=${q}`, text: 'Distributions by label' },
    { href: `/dashboards/judgements?corpus=${q}`, text: 'Measures against its judgements' },
    { href: `/exports?corpus=${q}`, text: 'Export it' },
  ];
  return (
    <nav className="row small" aria-label="This corpus elsewhere">
      {links.map((l) => (
        <Link key={l.href} href={l.href}>
          {l.text}
        </Link>
      ))}
    </nav>
  );
}

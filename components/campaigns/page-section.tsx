import type { ReactNode } from 'react';

/** A card with a heading that names it for assistive technology (role region). */
export function PageSection({ id, title, note, children }: { id: string; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} style={{ marginTop: 0 }}>
        {title} {note && <span className="small muted">{note}</span>}
      </h2>
      {children}
    </section>
  );
}

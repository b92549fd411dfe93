import type { ReactNode } from 'react';
import Link from 'next/link';

/**
 * The 403 and 404 pages. Inside the signed-in shell the page is already in its `main` (the (app)
 * layout's), so the message is a section of it; at the root (a URL no page matches, the sign-in
 * page's segment) nothing else gives the page its `main`, so the message is one. One `main` either
 * way, never one inside another.
 */
export function StatusPage({ title, landmark, children }: { title: string; landmark: 'main' | 'section'; children: ReactNode }) {
  const body = (
    <>
      <h1>{title}</h1>
      <p className="muted">{children}</p>
      <Link href="/">Go to your start page</Link>
    </>
  );
  return landmark === 'main' ? (
    <main className="card status-page">{body}</main>
  ) : (
    <section className="card status-page" aria-label={title}>
      {body}
    </section>
  );
}

export const FORBIDDEN = {
  title: '403 · Not allowed',
  text: 'Your role does not give access to this page. Ask an admin if you need it.',
};
export const NOT_FOUND = {
  title: '404 · Not found',
  text: 'There is nothing here, or it belongs to a campaign you are not part of.',
};

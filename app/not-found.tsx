import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="card status-page">
      <h1>404 · Not found</h1>
      <p className="muted">There is nothing here, or it belongs to a campaign you are not part of.</p>
      <Link href="/">Go to your start page</Link>
    </main>
  );
}

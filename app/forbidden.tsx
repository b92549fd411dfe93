import Link from 'next/link';

export default function Forbidden() {
  return (
    <main className="card status-page">
      <h1>403 · Not allowed</h1>
      <p className="muted">Your role does not give access to this page. Ask an admin if you need it.</p>
      <Link href="/">Go to your start page</Link>
    </main>
  );
}

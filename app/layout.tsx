import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { connection } from 'next/server';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Paralens', template: '%s · Paralens' },
  description: 'Load, annotate and understand paraphrase candidate pairs.',
};

// Every page renders per request, so each gets the nonce of its content security policy (proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

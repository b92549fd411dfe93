import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { DemoLogins } from '@/components/auth/demo-logins';
import { getCurrentUser } from '@/lib/auth/guards';
import { demoPassword, demoUsers, isDemoMode } from '@/lib/runtime/demo';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await getCurrentUser()) redirect('/');
  const { callbackUrl } = await searchParams;
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <h1>Paralens</h1>
        <p className="muted">Sign in to load, annotate and understand paraphrase pairs.</p>
        <LoginForm callbackUrl={callbackUrl ?? '/'} />
        {isDemoMode() && <DemoLogins users={demoUsers} password={demoPassword} />}
      </div>
    </main>
  );
}

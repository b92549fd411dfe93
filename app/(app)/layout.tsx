import type { ReactNode } from 'react';
import Link from 'next/link';
import { requireUser } from '@/lib/auth/guards';
import { navItemsFor } from '@/lib/access/navigation';
import { SidebarNav } from '@/components/nav/sidebar-nav';
import { AccountPanel } from '@/components/nav/account-panel';

export const dynamic = 'force-dynamic';

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const items = navItemsFor(user.role).map(({ href, label }) => ({ href, label }));
  return (
    <div className="shell">
      <aside className="sidebar">
        <Link href="/" className="brand">
          Paralens
        </Link>
        <SidebarNav items={items} />
        <AccountPanel name={user.name} email={user.email} role={user.role} />
      </aside>
      <main className="main">{children}</main>
    </div>
  );
}

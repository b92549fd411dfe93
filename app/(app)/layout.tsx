import type { ReactNode } from 'react';
import Link from 'next/link';
import { requireUser } from '@/lib/auth/guards';
import { navItemsFor } from '@/lib/access/navigation';
import { SidebarNav } from '@/components/nav/sidebar-nav';
import { AccountPanel } from '@/components/nav/account-panel';
import { NavMenu } from '@/components/nav/nav-menu';
import { roleLabels } from '@/lib/access/roles';

export const dynamic = 'force-dynamic';

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const items = navItemsFor(user.role).map(({ href, label }) => ({ href, label }));
  // The skip link comes first, so one Tab and Enter lead past the navigation; `main` takes the focus.
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to the page
      </a>
      <div className="shell">
        <aside className="sidebar">
          <NavMenu
            bar={
              <>
                <Link href="/" className="brand">
                  Paralens
                </Link>
                <span className="role" data-testid="current-role">
                  {roleLabels[user.role]}
                </span>
              </>
            }
          >
            <SidebarNav items={items} />
            <AccountPanel name={user.name} email={user.email} />
          </NavMenu>
        </aside>
        <main className="main" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </>
  );
}

'use client';
import { useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * The navigation and account links under the bar (brand and role), which a phone (700 px and less) folds behind a Menu button so
 * the top bar holds only the brand, the role and the button: no row of links scrolling sideways
 * with labels cut off. Wider screens show them in the sidebar and never the button (CSS). Opening
 * a page closes the menu.
 */
export function NavMenu({ bar, children }: { bar: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  // open on the page where it was opened: another page closes it without an effect
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const setOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  return (
    <>
      <div className="sidebar-bar">
        {bar}
        <button
          type="button"
          className="menu-button secondary"
          aria-expanded={isOpen}
          aria-controls="app-menu"
          onClick={() => setOpen(!isOpen)}
        >
          Menu
        </button>
      </div>
      <div
        id="app-menu"
        className="app-menu"
        data-open={isOpen ? 'true' : 'false'}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isOpen) setOpen(false);
        }}
      >
        {children}
      </div>
    </>
  );
}

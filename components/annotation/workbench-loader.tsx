'use client';
import dynamic from 'next/dynamic';

/**
 * The workbench runs in the browser only: its state lives in local storage and in the outbox,
 * which the server cannot see, so rendering it there would only show a flash of wrong content.
 */
export const WorkbenchLoader = dynamic(() => import('./workbench').then((m) => m.Workbench), {
  ssr: false,
  loading: () => <p className="muted">Loading the workbench…</p>,
});

'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';

/**
 * Polls a job's JSON (GET `url`) once a second and hands each answer to `onUpdate`; when the job has
 * ended (neither QUEUED nor RUNNING) it refreshes the page, whose server components show the outcome.
 */
export function useJobPolling<T extends { status: string }>(url: string, onUpdate: (job: T) => void): void {
  const router = useRouter();
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    let stopped = false;
    async function poll() {
      while (!stopped) {
        try {
          const res = await fetch(url, { cache: 'no-store' });
          if (res.ok) {
            const job = (await res.json()) as T;
            if (!stopped) latest.current(job);
            if (job.status !== 'RUNNING' && job.status !== 'QUEUED') {
              router.refresh();
              return;
            }
          }
        } catch {
          // the next tick tries again
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, [url, router]);
}

'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { getJson } from '@/lib/api/typed-client';

const ownStatus = (job: unknown) => (job as { status?: string }).status;

/**
 * Polls a job's JSON (GET `url`) once a second and hands each answer to `onUpdate`; when the job has
 * ended (neither QUEUED nor RUNNING) it refreshes the page, whose server components show the outcome.
 * `statusOf` finds the job's status in an answer that is not the job itself.
 */
export function useJobPolling<T>(
  url: string,
  onUpdate: (job: T) => void,
  statusOf: (answer: T) => string | undefined = ownStatus,
): void {
  const router = useRouter();
  const latest = useRef(onUpdate);
  const status = useRef(statusOf);
  useEffect(() => {
    latest.current = onUpdate;
    status.current = statusOf;
  });
  useEffect(() => {
    let stopped = false;
    async function poll() {
      while (!stopped) {
        try {
          const answer = await getJson<T>(url);
          if (answer.ok) {
            const job = answer.data;
            if (!stopped) latest.current(job);
            const now = status.current(job);
            if (now !== 'RUNNING' && now !== 'QUEUED') {
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

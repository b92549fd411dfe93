'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { getJson } from '@/lib/api/typed-client';

/**
 * Polls `url` every two seconds while `active`, handing each answer to `onUpdate`; when
 * `stillActive(answer)` says the work has stopped (no run waits or runs), it refreshes the page
 * once so its server sections (report, provenance, measures) show the outcome, and stops.
 */
export function usePolling<T>(url: string, active: boolean, onUpdate: (answer: T) => void, stillActive: (answer: T) => boolean) {
  const router = useRouter();
  const latest = useRef({ onUpdate, stillActive });
  useEffect(() => {
    latest.current = { onUpdate, stillActive };
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    async function poll() {
      while (!stopped) {
        await new Promise((r) => setTimeout(r, 2000));
        if (stopped) return;
        try {
          const result = await getJson<T>(url);
          if (result.ok) {
            const answer = result.data;
            if (stopped) return;
            latest.current.onUpdate(answer);
            if (!latest.current.stillActive(answer)) {
              router.refresh();
              return;
            }
          }
        } catch {
          // the next tick tries again
        }
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, [url, active, router]);
}

'use client';
import { useSyncExternalStore } from 'react';

/**
 * The records read so far by each live import, as its progress poll (LiveImportProgress) last saw
 * them: the job table's Read column shows the same number as the progress line, without a second poll.
 */
const readByJob = new Map<number, number>();
const listeners = new Set<() => void>();

export function publishRecordsRead(jobId: number, recordsRead: number): void {
  if (readByJob.get(jobId) === recordsRead) return;
  readByJob.set(jobId, recordsRead);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A running import's Read cell: the live count (the server's value until the first poll answers). */
export function LiveRecordsRead({ jobId, initial }: { jobId: number; initial: number }) {
  const read = useSyncExternalStore(
    subscribe,
    () => readByJob.get(jobId) ?? initial,
    () => initial,
  );
  return <>{read.toLocaleString('en')}</>;
}

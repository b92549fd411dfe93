'use client';
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { FunnelRow } from '@/lib/mining/funnel';
import { apiPath, getJson } from '@/lib/api/typed-client';
import { getMiningRunContract } from '@/lib/api/contracts/mining';
import { estimateSecondsLeft, formatMegabytes, formatSeconds } from './mining-format';
import { FunnelTable } from './funnel-table';

interface RunProgress {
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  phase: string;
  chunksDone: number;
  chunksTotal: number;
  bytesDone: number;
  bytesTotal: number;
  xmlBytes: number;
  references: number;
  mbPerSecond: number | null;
  cancelRequested?: boolean;
  message: string | null;
  funnel: FunnelRow[];
}

/**
 * Polls a waiting or running mining run every two seconds: chunks, MB/s, time left, and the funnel as
 * soon as the reduce has computed it; refreshes the page when the run ends.
 */
export function LiveMiningProgress({ runId }: { runId: number }) {
  const router = useRouter();
  const [view, setView] = useState<{ run: RunProgress; secondsLeft: number | null } | null>(null);

  useEffect(() => {
    let stopped = false;
    let first: { at: number; bytes: number } | null = null;
    let lastStatus: RunProgress['status'] | null = null;
    async function poll() {
      while (!stopped) {
        try {
          const answer = await getJson<RunProgress>(apiPath(getMiningRunContract, { params: { id: runId } }));
          if (answer.ok) {
            const run = answer.data;
            first ??= { at: Date.now(), bytes: run.bytesDone };
            const elapsed = (Date.now() - first.at) / 1000;
            const secondsLeft =
              run.bytesDone > first.bytes
                ? estimateSecondsLeft(run.bytesDone - first.bytes, run.bytesTotal - first.bytes, elapsed)
                : null;
            if (!stopped) setView({ run, secondsLeft });
            if (run.status !== 'RUNNING' && run.status !== 'QUEUED') {
              router.refresh();
              return;
            }
            // a waiting run that started: the card's badge and buttons follow
            if (lastStatus !== null && lastStatus !== run.status) router.refresh();
            lastStatus = run.status;
          }
        } catch {
          // the next tick tries again
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    void poll();
    return () => {
      stopped = true;
    };
  }, [runId, router]);

  if (!view) return <div className="small muted">Waiting for progress…</div>;
  const { run, secondsLeft } = view;
  if (run.status === 'QUEUED') {
    return (
      <div className="small" role="status" aria-live="polite">
        {run.message ?? 'Waiting for a free job slot.'}
      </div>
    );
  }
  const fraction = run.bytesTotal > 0 ? Math.min(1, run.bytesDone / run.bytesTotal) : 0;
  const left = formatSeconds(secondsLeft);
  const parts =
    run.phase === 'map'
      ? [
          `${run.chunksDone} of ${run.chunksTotal} chunks`,
          `${formatMegabytes(run.xmlBytes)} XML`,
          `${run.references.toLocaleString('en')} references`,
          run.mbPerSecond ? `${run.mbPerSecond.toFixed(1)} MB/s` : null,
          left ? `about ${left} left` : null,
        ]
      : [run.phase === 'reduce' ? 'reducing in PostgreSQL' : 'importing the pairs'];
  if (run.cancelRequested) parts.push('stopping after the chunks in progress');
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="stack small" role="status" aria-live="polite" style={{ gap: 4 }}>
        <progress max={1} value={fraction} style={{ width: '100%' }} aria-label={`Mining run ${runId} progress`} />
        <span>{parts.filter(Boolean).join(' · ')}</span>
      </div>
      {run.funnel.length > 0 && <FunnelTable rows={run.funnel} label={`Funnel of run ${runId}`} />}
    </div>
  );
}

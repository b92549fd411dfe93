import Link from 'next/link';
import { database } from '@/lib/db/database';
import { listModelRuns } from '@/lib/db/model-raters/model-run-views';
import { ModelRunList } from '@/components/model-raters/model-run-list';
import { toRunJson } from '@/components/model-raters/format';

/**
 * The campaign's model runs (researchers and admins only: annotators never see a model's answers):
 * the list with live progress, and the way to a new run and to the runs compared.
 */
export async function ModelRunsSection({ campaignId, slug }: { campaignId: number; slug: string }) {
  const runs = (await listModelRuns(database(), campaignId)).map(toRunJson);
  const base = `/campaigns/${encodeURIComponent(slug)}/model-runs`;
  return (
    <div className="stack">
      <p className="small muted">
        A language model answers this campaign&apos;s questions for its pairs, as annotators are asked them, and is judged with
        the same statistics. Annotators never see its answers.
      </p>
      {runs.length === 0 ? (
        <p>
          No model run yet. <Link href={`${base}/new`}>Start one</Link>: choose an endpoint an admin registered and a model; the
          prompt is built from the guidelines and questions.
        </p>
      ) : (
        <ModelRunList
          key={runs.map((r) => `${r.id}:${r.status}:${r.cancelRequested}`).join(',')}
          campaignId={campaignId}
          campaignSlug={slug}
          runs={runs}
        />
      )}
      <div className="row">
        <Link href={`${base}/new`}>New model run</Link>
        {runs.length > 1 && (
          <>
            <span aria-hidden="true">·</span>
            <Link href={`${base}/compare`}>Runs compared</Link>
          </>
        )}
      </div>
    </div>
  );
}

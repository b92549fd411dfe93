import { database } from '@/lib/db/database';
import { listStratumProgress } from '@/lib/db/campaigns/campaign-progress';
import { readTodayDefinitions } from '@/lib/db/campaigns/sampling';
import type { SamplingRecord } from '@/lib/sampling/describe-sample';
import { compareDefinitions, readSampleDefinitions, redrawBlocker } from '@/lib/sampling/definitions';
import { SampleSummary } from '@/components/campaigns/sample-summary';
import { SampleDefinitionsView } from '@/components/campaigns/sample-definitions';

/**
 * How the items were drawn, with the answers' progress per stratum, the definitions of the measures
 * the draw read and whether today's differ, and drawing the sample again as it was drawn.
 */
export async function SampleDrawSection({
  campaignId,
  slug,
  record,
  sampling,
  corpora,
}: {
  campaignId: number;
  slug: string;
  record: SamplingRecord;
  /** the stored sampling record, for its definitions */
  sampling: unknown;
  corpora: string;
}) {
  const db = database();
  const stored = (typeof sampling === 'object' && sampling !== null ? sampling : {}) as {
    definitions?: unknown;
    redrawnFrom?: { slug?: unknown; name?: unknown };
  };
  const definitions = readSampleDefinitions(stored.definitions);
  const [strata, today] = await Promise.all([
    listStratumProgress(db, campaignId),
    readTodayDefinitions(db, campaignId, definitions ? Object.keys(definitions.corpora) : record.corpora),
  ]);
  const changes = definitions ? compareDefinitions(definitions, today) : [];
  const from = stored.redrawnFrom;
  const redrawnFrom =
    from && typeof from.slug === 'string' && typeof from.name === 'string' ? { slug: from.slug, name: from.name } : null;
  return (
    <div className="stack">
      <SampleSummary
        record={record}
        strata={strata}
        corpora={corpora}
        reproducible={!definitions ? 'unknown' : changes.length > 0 ? 'changed' : 'yes'}
      />
      <SampleDefinitionsView
        slug={slug}
        definitions={definitions}
        changes={changes}
        blocker={redrawBlocker(definitions, today)}
        redrawnFrom={redrawnFrom}
      />
    </div>
  );
}

import { database } from '@/lib/db/database';
import { getModelRunTemplate, getRunProvenance } from '@/lib/db/model-raters/model-run-views';
import { RunProvenanceView } from '@/components/model-raters/run-provenance';
import type { RunJson } from '@/components/model-raters/format';

/** The run's settings and provenance as its requests recorded them (counted in SQL; streams in after the checks). */
export async function RunProvenanceSection({ run }: { run: RunJson }) {
  const db = database();
  const [provenance, template] = await Promise.all([getRunProvenance(db, run.id), getModelRunTemplate(db, run.id)]);
  return <RunProvenanceView run={run} provenance={provenance} template={template} />;
}

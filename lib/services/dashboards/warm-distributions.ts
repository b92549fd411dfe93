/**
 * After an import or a scoring job changes a large corpus, its distributions by label are computed
 * and stored in the same job process (lib/db/dashboards/distribution-cache.ts), so the dashboard's first visit
 * reads them instead of sorting every measure. Small corpora are left to the first visit (well under
 * a second); an import followed by a scoring job leaves it to that job. A failure here is logged and
 * never fails the job: the dashboard computes what is missing.
 */
import { awaitsDistributionWarmUp, warmCorpusDistributions } from '@/lib/db/dashboards/distribution-cache';
import type { Queryable } from '@/lib/db/sql-pool';

/** Corpora from this many pairs are warmed by their jobs. */
export const WARM_MIN_PAIRS = 20_000;

/** Whether it stored anything (false: a small corpus, a scoring job to come, or a failure, logged). */
export async function warmDistributionsAfterJob(
  pool: Queryable,
  corpusId: number,
  log: (line: string) => void = console.log,
  minPairs = WARM_MIN_PAIRS,
): Promise<boolean> {
  const started = Date.now();
  try {
    if (!(await awaitsDistributionWarmUp(pool, corpusId, minPairs))) return false;
    const splits = await warmCorpusDistributions(pool, corpusId);
    log(
      `distributions by label stored (${splits.join(', ') || 'no label to split by'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (error) {
    log(
      `distributions by label not stored: ${error instanceof Error ? error.message : String(error)} (the dashboard computes them when visited)`,
    );
    return false;
  }
}

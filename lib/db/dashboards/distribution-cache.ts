/**
 * A corpus's distributions by label (lib/db/dashboards/distributions.ts), kept in "CorpusDistribution" so that
 * the dashboard of a 1,000,000-pair corpus reads stored figures instead of sorting every measure
 * (about a second per measure). Each split holds its groups and, per measure, the rows with the stamp
 * they were computed under: the corpus summary's (rewritten by every import, scoring run and
 * semantic-set change, lib/db/corpora/corpus-summary.ts), and for a measure of the user's own also that
 * measure's (replaced values get a new one). A request computes only the measures whose stamp is
 * stale, in one read snapshot, and stores them; jobs that change a corpus warm it afterwards
 * (warmCorpusDistributions). Campaign splits are computed live: campaigns are small.
 */
import type { DistributionRow } from '@/lib/dashboards/distributions';
import { USER_MEASURE_PREFIX } from '@/lib/measures/user-measures';
import {
  catalogueMeasures,
  computeDistributionRows,
  countDistributionGroups,
  userSqlMeasures,
  type SqlMeasure,
} from './distributions';
import { userMeasureNames } from '../corpora/user-measures';
import { inReadSnapshot, type Queryable } from '../sql-pool';

export type CorpusSplit = 'reference' | 'label';

/** A split by label is offered up to this many distinct labels (SICK's three, PIT's few). */
export const MAX_LABEL_GROUPS = 12;

export interface SplitGroups {
  /** distinct labels (groups other than null) */
  labels: number;
  /** every group with its pairs when `labels` ≤ MAX_LABEL_GROUPS (else none); the group null: pairs without a label */
  groups: Array<{ group: string | null; pairs: number }>;
}

export interface CorpusDistributionFigures extends SplitGroups {
  /** empty when the split has more than MAX_LABEL_GROUPS labels */
  rows: DistributionRow[];
  /** how many measures were computed now (the others were stored) */
  computed: number;
}

type StoredFigures = Record<string, { stamp: string; rows: DistributionRow[] }>;

interface Stored extends SplitGroups {
  stamp: string;
  figures: StoredFigures;
}

interface Stamps {
  corpus: string | null;
  /** per user measure key (u.NAME) */
  measures: Map<string, string>;
}

/** The stamps that say whether stored figures still hold: the corpus's, and each user measure's. */
async function currentStamps(db: Queryable, corpusId: number): Promise<Stamps> {
  const { rows } = await db.query<{ stamp: string | null; measures: Array<{ name: string; stamp: string }> | null }>(
    `SELECT (SELECT to_char(s."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.US') || '/' || s."pairs" FROM "CorpusSummary" s WHERE s."corpusId" = $1) AS stamp,
            (SELECT json_agg(json_build_object('name', m."name", 'stamp', m."id" || '@' || to_char(m."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.US'))) FROM "CorpusMeasure" m WHERE m."corpusId" = $1) AS measures`,
    [corpusId],
  );
  const corpus = rows[0]?.stamp ?? null;
  return {
    corpus,
    measures: new Map((rows[0]?.measures ?? []).map((m) => [`${USER_MEASURE_PREFIX}${m.name}`, `${corpus}/${m.stamp}`])),
  };
}

const stampOf = (stamps: Stamps, key: string) =>
  (key.startsWith(USER_MEASURE_PREFIX) ? stamps.measures.get(key) : stamps.corpus) ?? null;

/** The stored split, when its groups still hold. */
async function readStored(db: Queryable, corpusId: number, split: CorpusSplit, stamps: Stamps): Promise<Stored | null> {
  if (stamps.corpus === null) return null;
  const { rows } = await db.query<Stored>(
    `SELECT "stamp", "labels", "groups", "figures" FROM "CorpusDistribution" WHERE "corpusId" = $1 AND "split" = $2`,
    [corpusId, split],
  );
  return rows[0]?.stamp === stamps.corpus ? rows[0] : null;
}

async function countGroups(db: Queryable, corpusId: number, split: CorpusSplit): Promise<SplitGroups> {
  const groups = await countDistributionGroups(db, { kind: 'corpus', corpusId, by: split });
  const labels = groups.filter((g) => g.group !== null).length;
  return { labels, groups: labels <= MAX_LABEL_GROUPS ? groups : [] };
}

async function store(
  pool: Queryable,
  corpusId: number,
  split: CorpusSplit,
  stamp: string,
  groups: SplitGroups,
  figures: StoredFigures,
): Promise<void> {
  await pool.query(
    `INSERT INTO "CorpusDistribution" ("corpusId", "split", "stamp", "labels", "groups", "figures", "updatedAt") VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, now())
     ON CONFLICT ("corpusId", "split") DO UPDATE SET "stamp" = EXCLUDED."stamp", "labels" = EXCLUDED."labels", "groups" = EXCLUDED."groups", "figures" = EXCLUDED."figures", "updatedAt" = now()`,
    [corpusId, split, stamp, groups.labels, JSON.stringify(groups.groups), JSON.stringify(figures)],
  );
}

/** How a corpus's pairs split by its paraphrase label and by its label (stored, or counted and stored). */
export async function corpusSplitGroups(pool: Queryable, corpusId: number, split: CorpusSplit): Promise<SplitGroups> {
  const read = await inReadSnapshot(pool, async (db) => {
    const stamps = await currentStamps(db, corpusId);
    const stored = await readStored(db, corpusId, split, stamps);
    return { stamps, stored, counted: stored ? null : await countGroups(db, corpusId, split) };
  });
  if (read.stored) return { labels: read.stored.labels, groups: read.stored.groups };
  if (read.stamps.corpus !== null) await store(pool, corpusId, split, read.stamps.corpus, read.counted!, {});
  return read.counted!;
}

/**
 * The figures of `measures` for a corpus split: stored ones whose stamp holds, the rest computed (in
 * one read snapshot) and stored. Nothing is computed for a split of more than MAX_LABEL_GROUPS labels.
 * A corpus without a summary (never the case once the app has started) is computed, not stored.
 */
export async function corpusDistributionFigures(
  pool: Queryable,
  corpusId: number,
  split: CorpusSplit,
  measures: readonly SqlMeasure[],
): Promise<CorpusDistributionFigures> {
  const read = await inReadSnapshot(pool, async (db) => {
    const stamps = await currentStamps(db, corpusId);
    const stored = await readStored(db, corpusId, split, stamps);
    const groups = stored ?? (await countGroups(db, corpusId, split));
    const fresh = measures.filter((m) => stored?.figures[m.key]?.stamp === stampOf(stamps, m.key));
    const missing = groups.labels > MAX_LABEL_GROUPS ? [] : measures.filter((m) => !fresh.includes(m));
    const computed = await computeDistributionRows(db, { kind: 'corpus', corpusId, by: split }, missing);
    return { stamps, stored, groups, fresh, missing, computed };
  });
  const { stamps, stored, groups, fresh, missing, computed } = read;
  if (stamps.corpus !== null && (missing.length > 0 || !stored)) {
    // kept: the stored measures still valid (asked for now or not), and those computed now
    const figures: StoredFigures = {};
    for (const [key, f] of Object.entries(stored?.figures ?? {})) if (f.stamp === stampOf(stamps, key)) figures[key] = f;
    for (const m of missing)
      figures[m.key] = { stamp: stampOf(stamps, m.key)!, rows: computed.filter((r) => r.measure === m.key) };
    await store(pool, corpusId, split, stamps.corpus, groups, figures);
  }
  return {
    labels: groups.labels,
    groups: groups.groups,
    rows: [...fresh.flatMap((m) => stored!.figures[m.key]!.rows), ...computed],
    computed: missing.length,
  };
}

/**
 * Computes and stores every split a corpus can show (its paraphrase label when it has one, its labels
 * when it has 1 to MAX_LABEL_GROUPS), for every measure: run by jobs after they change a corpus, so
 * the first visit of the dashboard is fast too. Returns the splits with figures.
 */
export async function warmCorpusDistributions(pool: Queryable, corpusId: number): Promise<CorpusSplit[]> {
  const measures = [...catalogueMeasures(), ...userSqlMeasures(await userMeasureNames(pool, [corpusId]))];
  const warmed: CorpusSplit[] = [];
  for (const split of ['reference', 'label'] as const) {
    const { labels } = await corpusSplitGroups(pool, corpusId, split);
    if (labels === 0 || labels > MAX_LABEL_GROUPS) continue;
    await corpusDistributionFigures(pool, corpusId, split, measures);
    warmed.push(split);
  }
  return warmed;
}

/**
 * Whether a job that changed the corpus should warm it: `minPairs` pairs or more, and no scoring
 * job still to run (it warms when it ends).
 */
export async function awaitsDistributionWarmUp(db: Queryable, corpusId: number, minPairs: number): Promise<boolean> {
  const { rows } = await db.query<{ warm: boolean }>(
    `SELECT coalesce((SELECT "pairs" FROM "CorpusSummary" WHERE "corpusId" = $1), 0) >= $2
        AND NOT EXISTS (SELECT 1 FROM "ScoringJob" WHERE "corpusId" = $1 AND "status" IN ('QUEUED', 'RUNNING')) AS warm`,
    [corpusId, minPairs],
  );
  return rows[0]?.warm ?? false;
}

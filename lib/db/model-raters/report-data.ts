/**
 * What the judged-like-a-human report of a model run reads (lib/model-raters/report/): per question,
 * the annotators' ratings (the same matrix the agreement dashboard reads: gold pairs and excluded
 * annotators left out, lib/db/dashboards/campaign-ratings.ts), the run's answer per pair (and its
 * expected rating and swapped answer), and the humans' final labels; and, for the strata, each pair's
 * corpus, the characteristic-map cell of its measures (syn × sem in five bins, as the campaign's
 * sampling and the corpus map draw it) or a measure's value. A handful of SQL statements on the pg pool.
 */
import { isMeasureKey } from '@/lib/measures/catalog';
import { USER_MEASURE_PREFIX } from '@/lib/measures/user-measures';
import type { FinalLabel, JudgeAnswer } from '@/lib/model-raters/report/judge-types';
import { loadRatingMatrix, type RatingMatrix } from '../dashboards/campaign-ratings';
import { mapBinSql } from '../corpora/corpus-summary';
import { userMeasureSql } from '../corpora/user-measures';
import type { Queryable } from '../sql-pool';

export interface RunAnswers {
  model: Map<number, JudgeAnswer>;
  expected: Map<number, number>;
  swapped: Map<number, JudgeAnswer>;
}

const isAnswer = (v: unknown): v is JudgeAnswer => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';

/** The run's answer per pair to one question (pairs it has not answered are absent). */
export async function loadRunAnswers(db: Queryable, runId: number, question: string): Promise<RunAnswers> {
  const { rows } = await db.query<{ pairId: number; answer: unknown; expected: unknown; swapped: unknown }>(
    `SELECT i."pairId", i."answers" -> $2 AS answer, i."expected" -> $2 AS expected, i."swapAnswers" -> $2 AS swapped
     FROM "ModelRunItem" i WHERE i."runId" = $1 AND i."doneAt" IS NOT NULL`,
    [runId, question],
  );
  const out: RunAnswers = { model: new Map(), expected: new Map(), swapped: new Map() };
  for (const r of rows) {
    if (isAnswer(r.answer)) out.model.set(r.pairId, r.answer);
    if (typeof r.expected === 'number') out.expected.set(r.pairId, r.expected);
    if (isAnswer(r.swapped)) out.swapped.set(r.pairId, r.swapped);
  }
  return out;
}

/** The humans' final label per pair of one question: open when no value was decided (tie, spread, unanswered, …). */
export async function loadFinalLabels(db: Queryable, campaignId: number, question: string): Promise<Map<number, FinalLabel>> {
  const { rows } = await db.query<{ pairId: number; value: unknown; method: string }>(
    `SELECT f."pairId", f."value", lower(f."method"::text) AS method FROM "FinalLabel" f
     JOIN "CampaignItem" i ON i."campaignId" = f."campaignId" AND i."pairId" = f."pairId" AND NOT i."isGold"
     WHERE f."campaignId" = $1 AND f."question" = $2`,
    [campaignId, question],
  );
  return new Map(
    rows.map((r) => [r.pairId, { value: isAnswer(r.value) ? r.value : null, open: !isAnswer(r.value), method: r.method }]),
  );
}

export function loadHumanRatings(db: Queryable, campaignId: number, question: string): Promise<RatingMatrix> {
  return loadRatingMatrix(db, campaignId, question);
}

export type StratumKind = { by: 'corpus' } | { by: 'cell' } | { by: 'decile'; measure: string };

/** Parses `corpus`, `cell` or `decile:MEASURE` (a catalogue measure or `u.NAME`); null when it is none of them. */
export function parseStratumKind(text: string): StratumKind | null {
  if (text === 'corpus' || text === 'cell') return { by: text };
  const m = /^decile:(.+)$/.exec(text);
  if (!m) return null;
  const measure = m[1]!;
  if (isMeasureKey(measure)) return { by: 'decile', measure };
  if (measure.startsWith(USER_MEASURE_PREFIX)) {
    try {
      userMeasureSql(measure.slice(USER_MEASURE_PREFIX.length));
      return { by: 'decile', measure };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * pair id → stratum of the run's pairs: the corpus's name, `cell:SYN,SEM` of the measures' bins, or
 * the measure's value (for deciles; pairs without a value are left out).
 */
export async function loadStrata(db: Queryable, runId: number, kind: StratumKind): Promise<Map<number, string | number>> {
  const value =
    kind.by === 'corpus'
      ? 'c."name"'
      : kind.by === 'cell'
        ? `CASE WHEN p."syn" IS NULL OR p."sem" IS NULL THEN NULL ELSE 'cell:' || ${mapBinSql('p."syn"')} || ',' || ${mapBinSql('p."sem"')} END`
        : kind.measure.startsWith(USER_MEASURE_PREFIX)
          ? userMeasureSql(kind.measure.slice(USER_MEASURE_PREFIX.length))
          : `p."${kind.measure}"`;
  const { rows } = await db.query<{ pairId: number; value: string | number | null }>(
    `SELECT i."pairId", ${value} AS value FROM "ModelRunItem" i JOIN "Pair" p ON p."id" = i."pairId"
     JOIN "Corpus" c ON c."id" = p."corpusId" WHERE i."runId" = $1`,
    [runId],
  );
  return new Map(rows.filter((r) => r.value !== null).map((r) => [r.pairId, r.value!]));
}

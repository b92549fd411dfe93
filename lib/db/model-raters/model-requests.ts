/**
 * The requests of a model run, as the job runner reads and writes them (the pg pool; the runner writes
 * what a few milliseconds of requests brought in one statement, as every round trip counts against the
 * run's wall time: docs/benchmarks.md, bench:judge). A request is recorded once (unique run, pair,
 * order, sample; a repeat is ignored), so a resumed run asks only what no session recorded. A pair's
 * answer (ModelRunItem) is written when its last request is recorded.
 */
import type { Queryable } from '../sql-pool';

export interface RunPair {
  pairId: number;
  position: number;
  textA: string;
  textB: string;
  /** the pair's answer is written */
  done: boolean;
}

export interface RecordedRequest {
  pairId: number;
  swapped: boolean;
  sample: number;
  status: 'ok' | 'failed';
  answers: Record<string, number | string | boolean> | null;
  expected: Record<string, { value: number; mass: number }> | null;
}

export interface RequestRecord extends RecordedRequest {
  failure: string | null;
  raw: string | null;
  reasoning: string | null;
  finishReason: string | null;
  responseModel: string | null;
  systemFingerprint: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number;
  attempts: number;
  reasked: boolean;
  format: string;
  seed: number | null;
}

/** The run's pairs with their texts (stored order), in the run's order. */
export async function listRunPairs(db: Queryable, runId: number): Promise<RunPair[]> {
  const { rows } = await db.query<RunPair>(
    `SELECT i."pairId", i."position", ta."content" AS "textA", tb."content" AS "textB", i."doneAt" IS NOT NULL AS done
     FROM "ModelRunItem" i JOIN "Pair" p ON p."id" = i."pairId"
     JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"
     WHERE i."runId" = $1 ORDER BY i."position"`,
    [runId],
  );
  return rows;
}

/** Every request an earlier session of the run recorded. */
export async function listRecordedRequests(db: Queryable, runId: number): Promise<RecordedRequest[]> {
  const { rows } = await db.query<RecordedRequest>(
    `SELECT "pairId", "swapped", "sample", "status", "answers", "expected" FROM "ModelRequest" WHERE "runId" = $1`,
    [runId],
  );
  return rows;
}

const COLUMNS = [
  'runId',
  'pairId',
  'swapped',
  'sample',
  'status',
  'answers',
  'failure',
  'raw',
  'reasoning',
  'finishReason',
  'responseModel',
  'systemFingerprint',
  'promptTokens',
  'completionTokens',
  'latencyMs',
  'attempts',
  'reasked',
  'format',
  'expected',
  'seed',
] as const;
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

function rowValues(runId: number, r: RequestRecord): unknown[] {
  return [
    runId,
    r.pairId,
    r.swapped,
    r.sample,
    r.status,
    json(r.answers),
    r.failure,
    r.raw,
    r.reasoning,
    r.finishReason,
    r.responseModel,
    r.systemFingerprint,
    r.promptTokens,
    r.completionTokens,
    Math.round(r.latencyMs),
    r.attempts,
    r.reasked,
    r.format,
    json(r.expected),
    r.seed,
  ];
}

const TYPES = [
  'int',
  'int',
  'boolean',
  'int',
  'text',
  'jsonb',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'int',
  'int',
  'int',
  'int',
  'boolean',
  'text',
  'jsonb',
  'int',
];

/**
 * Records requests in one statement; returns the keys (`pairId:swapped:sample`) of those written (a
 * request of the same pair, order and sample recorded before is left as it was).
 */
export async function recordRequests(db: Queryable, runId: number, records: readonly RequestRecord[]): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const values: unknown[] = [];
  const rows = records.map((r) => {
    const start = values.length;
    values.push(...rowValues(runId, r));
    return `(${COLUMNS.map((_, i) => `$${start + i + 1}::${TYPES[i]}`).join(', ')})`;
  });
  const { rows: written } = await db.query<{ pairId: number; swapped: boolean; sample: number }>(
    `INSERT INTO "ModelRequest" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${rows.join(', ')}
     ON CONFLICT ("runId", "pairId", "swapped", "sample") DO NOTHING RETURNING "pairId", "swapped", "sample"`,
    values,
  );
  return new Set(written.map((w) => requestKey(w)));
}

export const requestKey = (r: { pairId: number; swapped: boolean; sample: number }) => `${r.pairId}:${r.swapped}:${r.sample}`;

/** Records one request; false when a request of the same pair, order and sample was recorded before. */
export async function recordRequest(db: Queryable, runId: number, r: RequestRecord): Promise<boolean> {
  return (await recordRequests(db, runId, [r])).size === 1;
}

export interface PairAnswer {
  answers: Record<string, number | string | boolean>;
  confidence: Record<string, number>;
  expected: Record<string, number> | null;
  swapAnswers: Record<string, number | string | boolean> | null;
}

/** Writes the answers of several pairs (their requests all recorded) in one statement. */
export async function completeRunPairs(
  db: Queryable,
  runId: number,
  answers: ReadonlyArray<{ pairId: number; answer: PairAnswer }>,
): Promise<void> {
  if (answers.length === 0) return;
  const values: unknown[] = [runId];
  const rows = answers.map(({ pairId, answer }) => {
    const at = values.length;
    values.push(
      pairId,
      JSON.stringify(answer.answers),
      JSON.stringify(answer.confidence),
      answer.expected ? JSON.stringify(answer.expected) : null,
      answer.swapAnswers ? JSON.stringify(answer.swapAnswers) : null,
    );
    return `($${at + 1}::int, $${at + 2}::jsonb, $${at + 3}::jsonb, $${at + 4}::jsonb, $${at + 5}::jsonb)`;
  });
  await db.query(
    `UPDATE "ModelRunItem" i SET "answers" = v.a, "confidence" = v.c, "expected" = v.e, "swapAnswers" = v.s, "doneAt" = now()
     FROM (VALUES ${rows.join(', ')}) AS v(pair, a, c, e, s) WHERE i."runId" = $1 AND i."pairId" = v.pair`,
    values,
  );
}

/** Writes a pair's answer (its requests all recorded). */
export async function completeRunPair(db: Queryable, runId: number, pairId: number, answer: PairAnswer): Promise<void> {
  await db.query({
    name: 'model-run-item-complete',
    text: `UPDATE "ModelRunItem" SET "answers" = $3, "confidence" = $4, "expected" = $5, "swapAnswers" = $6, "doneAt" = now()
           WHERE "runId" = $1 AND "pairId" = $2`,
    values: [
      runId,
      pairId,
      JSON.stringify(answer.answers),
      JSON.stringify(answer.confidence),
      answer.expected ? JSON.stringify(answer.expected) : null,
      answer.swapAnswers ? JSON.stringify(answer.swapAnswers) : null,
    ],
  });
}

export interface RecordedTotals {
  requestsDone: number;
  requestsFailed: number;
  pairsDone: number;
  retries: number;
  reasked: number;
  promptTokens: number;
  completionTokens: number;
}

/** Totals over every session of the run, counted from what is recorded (a resumed run starts from these). */
export async function countRecorded(db: Queryable, runId: number): Promise<RecordedTotals> {
  const { rows } = await db.query<RecordedTotals>(
    `SELECT (SELECT count(*) FROM "ModelRequest" WHERE "runId" = $1)::int AS "requestsDone",
            (SELECT count(*) FROM "ModelRequest" WHERE "runId" = $1 AND "status" <> 'ok')::int AS "requestsFailed",
            (SELECT COALESCE(sum("attempts" - 1), 0) FROM "ModelRequest" WHERE "runId" = $1)::int AS "retries",
            (SELECT count(*) FROM "ModelRequest" WHERE "runId" = $1 AND "reasked")::int AS "reasked",
            (SELECT COALESCE(sum("promptTokens"), 0) FROM "ModelRequest" WHERE "runId" = $1)::float8 AS "promptTokens",
            (SELECT COALESCE(sum("completionTokens"), 0) FROM "ModelRequest" WHERE "runId" = $1)::float8 AS "completionTokens",
            (SELECT count(*) FROM "ModelRunItem" WHERE "runId" = $1 AND "doneAt" IS NOT NULL)::int AS "pairsDone"`,
    [runId],
  );
  return rows[0]!;
}

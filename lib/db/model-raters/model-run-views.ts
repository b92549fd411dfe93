/**
 * What the campaign page, the run page, the API and `paralens judge` show of model runs (read only):
 * settings, progress with the rate and the time left, and the provenance the requests recorded (the
 * model names the server reported, system fingerprints, the structured-output forms used), counted
 * in SQL.
 */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';

const runSelect = {
  id: true,
  campaignId: true,
  endpointId: true,
  endpointName: true,
  baseUrl: true,
  model: true,
  rater: true,
  promptVersion: true,
  promptHash: true,
  wordingVersion: true,
  questions: true,
  pairs: true,
  samples: true,
  temperature: true,
  seed: true,
  maxTokens: true,
  swap: true,
  repeatOfId: true,
  status: true,
  cancelRequested: true,
  pairsTotal: true,
  pairsDone: true,
  requestsTotal: true,
  requestsDone: true,
  requestsFailed: true,
  retries: true,
  reasked: true,
  promptTokens: true,
  completionTokens: true,
  rate: true,
  message: true,
  createdAt: true,
  updatedAt: true,
  startedAt: true,
  finishedAt: true,
  createdBy: { select: { email: true } },
  campaign: { select: { slug: true, name: true } },
} as const;

export interface ModelRunView {
  id: number;
  campaign: { id: number; slug: string; name: string };
  endpoint: { id: number | null; name: string; baseUrl: string };
  model: string;
  rater: string;
  promptVersion: number;
  promptHash: string;
  wordingVersion: number;
  questions: string[];
  pairs: string;
  samples: number;
  temperature: number;
  seed: number | null;
  maxTokens: number | null;
  swap: boolean;
  repeatOfId: number | null;
  status: JobStatus;
  cancelRequested: boolean;
  pairsTotal: number;
  pairsDone: number;
  requestsTotal: number;
  requestsDone: number;
  requestsFailed: number;
  retries: number;
  reasked: number;
  promptTokens: number;
  completionTokens: number;
  /** requests recorded per second in the current session */
  rate: number | null;
  /** seconds left at that rate, while running */
  secondsLeft: number | null;
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdBy: string | null;
}

type RunRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;

function findRun(db: Db, id: number) {
  return db.modelRun.findUnique({ where: { id }, select: runSelect });
}

function toView(row: RunRow): ModelRunView {
  const left = row.requestsTotal - row.requestsDone;
  return {
    id: row.id,
    campaign: { id: row.campaignId, slug: row.campaign.slug, name: row.campaign.name },
    endpoint: { id: row.endpointId, name: row.endpointName, baseUrl: row.baseUrl },
    model: row.model,
    rater: row.rater,
    promptVersion: row.promptVersion,
    promptHash: row.promptHash,
    wordingVersion: row.wordingVersion,
    questions: row.questions,
    pairs: row.pairs,
    samples: row.samples,
    temperature: row.temperature,
    seed: row.seed,
    maxTokens: row.maxTokens,
    swap: row.swap,
    repeatOfId: row.repeatOfId,
    status: row.status,
    cancelRequested: row.cancelRequested,
    pairsTotal: row.pairsTotal,
    pairsDone: row.pairsDone,
    requestsTotal: row.requestsTotal,
    requestsDone: row.requestsDone,
    requestsFailed: row.requestsFailed,
    retries: row.retries,
    reasked: row.reasked,
    promptTokens: Number(row.promptTokens),
    completionTokens: Number(row.completionTokens),
    rate: row.rate,
    secondsLeft: row.status === 'RUNNING' && row.rate && row.rate > 0 ? Math.round(left / row.rate) : null,
    message: row.message,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdBy: row.createdBy?.email ?? null,
  };
}

export async function getModelRun(db: Db, id: number): Promise<ModelRunView | null> {
  const row = await findRun(db, id);
  return row ? toView(row) : null;
}

/** A campaign's runs, newest first. */
export async function listModelRuns(db: Db, campaignId: number): Promise<ModelRunView[]> {
  const rows = await db.modelRun.findMany({ where: { campaignId }, orderBy: { id: 'desc' }, select: runSelect });
  return rows.map(toView);
}

/** The prompt template a run asked with (kept apart from the views: it can be long). */
export async function getModelRunTemplate(db: Db, id: number): Promise<string | null> {
  const row = await db.modelRun.findUnique({ where: { id }, select: { promptTemplate: true } });
  return row?.promptTemplate ?? null;
}

/** Every prompt version of a campaign's runs: the template, its hash and how many runs used it. */
export async function listPromptVersions(
  db: Db,
  campaignId: number,
): Promise<Array<{ version: number; hash: string; template: string; runs: number }>> {
  return db.$queryRaw<Array<{ version: number; hash: string; template: string; runs: number }>>`
    SELECT "promptVersion" AS version, "promptHash" AS hash, min("promptTemplate") AS template, count(*)::int AS runs
    FROM "ModelRun" WHERE "campaignId" = ${campaignId} GROUP BY 1, 2 ORDER BY 1 DESC`;
}

export interface RunProvenance {
  /** the model names the server reported, with how many requests reported each */
  responseModels: Array<{ value: string | null; requests: number }>;
  systemFingerprints: Array<{ value: string | null; requests: number }>;
  formats: Array<{ value: string; requests: number }>;
  /** requests answered (status ok) and failed, with the failure reasons' first words */
  answered: number;
  failed: number;
  failures: Array<{ reason: string; requests: number }>;
  latencyMs: { median: number | null; p95: number | null };
}

export async function getRunProvenance(db: Db, runId: number): Promise<RunProvenance> {
  const count = (column: string) =>
    db.$queryRawUnsafe<Array<{ value: string | null; requests: number }>>(
      `SELECT "${column}" AS value, count(*)::int AS requests FROM "ModelRequest" WHERE "runId" = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 20`,
      runId,
    );
  const [responseModels, systemFingerprints, formats, totals, failures] = await Promise.all([
    count('responseModel'),
    count('systemFingerprint'),
    count('format'),
    db.$queryRaw<Array<{ answered: number; failed: number; median: number | null; p95: number | null }>>`
      SELECT count(*) FILTER (WHERE "status" = 'ok')::int AS answered, count(*) FILTER (WHERE "status" <> 'ok')::int AS failed,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY "latencyMs") AS median,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY "latencyMs") AS p95
      FROM "ModelRequest" WHERE "runId" = ${runId}`,
    db.$queryRaw<Array<{ reason: string; requests: number }>>`
      SELECT split_part("failure", ':', 1) AS reason, count(*)::int AS requests FROM "ModelRequest"
      WHERE "runId" = ${runId} AND "status" <> 'ok' GROUP BY 1 ORDER BY 2 DESC LIMIT 10`,
  ]);
  const t = totals[0];
  return {
    responseModels,
    systemFingerprints,
    formats: formats.map((f) => ({ value: f.value ?? '', requests: f.requests })),
    answered: t?.answered ?? 0,
    failed: t?.failed ?? 0,
    failures,
    latencyMs: { median: t?.median ?? null, p95: t?.p95 ?? null },
  };
}

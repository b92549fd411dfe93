/**
 * Model endpoints (ModelEndpoint rows): the OpenAI-compatible servers admins register for model runs
 * (docs/models-as-raters.md). The API key is never stored in plain text and never leaves this module
 * in a view: a row holds either the name of an environment variable (`keyEnv`) or the key sealed with
 * a key derived from AUTH_SECRET (`keySealed`, sealed and opened by lib/llm/secret-box.ts, never here).
 * Views say only where the key comes from. What the client learns about a server (which structured
 * output form works, whether logprobs are taken) is remembered on the row for every later run.
 */
import { Prisma } from '../generated/client';
import type { Db } from '../client';

export type KeySource = 'env' | 'stored' | 'none';

export interface EndpointView {
  id: number;
  name: string;
  baseUrl: string;
  keySource: KeySource;
  /** the environment variable the key is read from (its name only), when keySource is env */
  keyEnv: string | null;
  concurrency: number;
  timeoutSeconds: number;
  requestsPerMinute: number | null;
  responseFormat: string | null;
  logprobs: boolean | null;
  runs: number;
  activeRuns: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
}

/** What the job runner needs to talk to the server: the sealed key is opened by the caller. */
export interface EndpointForRun {
  id: number;
  name: string;
  baseUrl: string;
  keyEnv: string | null;
  keySealed: string | null;
  concurrency: number;
  timeoutSeconds: number;
  requestsPerMinute: number | null;
  responseFormat: string | null;
  logprobs: boolean | null;
}

export interface EndpointData {
  name: string;
  baseUrl: string;
  keyEnv: string | null;
  keySealed: string | null;
  concurrency: number;
  timeoutSeconds: number;
  requestsPerMinute: number | null;
}

const viewSelect = {
  id: true,
  name: true,
  baseUrl: true,
  keyEnv: true,
  keySealed: true,
  concurrency: true,
  timeoutSeconds: true,
  requestsPerMinute: true,
  responseFormat: true,
  logprobs: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { email: true } },
  _count: { select: { runs: true } },
} as const;

type ViewRow = Prisma.ModelEndpointGetPayload<{ select: typeof viewSelect }>;

function toView(row: ViewRow, activeRuns: number): EndpointView {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    keySource: row.keyEnv ? 'env' : row.keySealed ? 'stored' : 'none',
    keyEnv: row.keyEnv,
    concurrency: row.concurrency,
    timeoutSeconds: row.timeoutSeconds,
    requestsPerMinute: row.requestsPerMinute,
    responseFormat: row.responseFormat,
    logprobs: row.logprobs,
    runs: row._count.runs,
    activeRuns,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy?.email ?? null,
  };
}

async function activeRunCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.modelRun.groupBy({
    by: ['endpointId'],
    where: { endpointId: { in: ids }, status: { in: ['QUEUED', 'RUNNING'] } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.endpointId ?? 0, r._count._all]));
}

export async function listEndpoints(db: Db): Promise<EndpointView[]> {
  const rows = await db.modelEndpoint.findMany({ orderBy: { name: 'asc' }, select: viewSelect });
  const active = await activeRunCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, active.get(r.id) ?? 0));
}

/** By numeric id or by name. */
export async function getEndpoint(db: Db, idOrName: string | number): Promise<EndpointView | null> {
  const id = typeof idOrName === 'number' ? idOrName : /^\d+$/.test(idOrName) ? Number(idOrName) : null;
  const row = await db.modelEndpoint.findFirst({
    where: id !== null && id <= 2_147_483_647 ? { OR: [{ id }, { name: String(idOrName) }] } : { name: String(idOrName) },
    select: viewSelect,
  });
  if (!row) return null;
  return toView(row, (await activeRunCounts(db, [row.id])).get(row.id) ?? 0);
}

export async function getEndpointForRun(db: Db, id: number): Promise<EndpointForRun | null> {
  return db.modelEndpoint.findUnique({
    where: { id },
    select: {
      id: true,
      name: true,
      baseUrl: true,
      keyEnv: true,
      keySealed: true,
      concurrency: true,
      timeoutSeconds: true,
      requestsPerMinute: true,
      responseFormat: true,
      logprobs: true,
    },
  });
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** The new endpoint, or null when the name is taken. */
export async function createEndpoint(db: Db, data: EndpointData, createdById: number | null): Promise<EndpointView | null> {
  try {
    const row = await db.modelEndpoint.create({ data: { ...data, createdById }, select: viewSelect });
    return toView(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Changes the given settings; a new URL forgets what was learnt about the old server. Returns
 * 'taken' when the new name is another endpoint's, null when the endpoint does not exist.
 */
export async function updateEndpoint(db: Db, id: number, data: Partial<EndpointData>): Promise<EndpointView | 'taken' | null> {
  const current = await db.modelEndpoint.findUnique({ where: { id }, select: { baseUrl: true } });
  if (!current) return null;
  const forget = data.baseUrl !== undefined && data.baseUrl !== current.baseUrl ? { responseFormat: null, logprobs: null } : {};
  try {
    await db.modelEndpoint.update({ where: { id }, data: { ...data, ...forget } });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return getEndpoint(db, id);
}

/** Deletes an endpoint no run waits for or runs on; its finished runs keep its name and URL. */
export async function deleteEndpoint(db: Db, id: number): Promise<'deleted' | 'busy' | null> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Array<{ id: number }>>`SELECT "id" FROM "ModelEndpoint" WHERE "id" = ${id} FOR UPDATE`;
    if (rows.length === 0) return null;
    const busy = await tx.modelRun.count({ where: { endpointId: id, status: { in: ['QUEUED', 'RUNNING'] } } });
    if (busy > 0) return 'busy';
    await tx.modelEndpoint.delete({ where: { id } });
    return 'deleted';
  });
}

/** What a run learnt about the server (the structured-output form that works, logprobs). */
export async function rememberEndpointSupport(
  db: Db,
  id: number,
  support: { responseFormat: string | null; logprobs: boolean | null },
): Promise<void> {
  await db.modelEndpoint.updateMany({ where: { id }, data: support });
}

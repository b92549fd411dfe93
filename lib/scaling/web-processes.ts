/**
 * How many web processes `npm start` runs (PARALENS_WEB_PROCESSES) and how the database
 * connections are shared out between them: every web process has two pools (Prisma's and the pg
 * pool of the annotation hot path and the explorer), and N of them together with the job
 * supervisor, its job processes and a few sessions for tools must stay under PostgreSQL's
 * `max_connections` less its reserved slots, or the last connections to open fail under load
 * (docs/decisions/013-web-processes.md).
 */

/** The handle the job supervisor opens (scripts/start.ts): Prisma's pool and a small pg pool. */
export const SUPERVISOR_HANDLE = { prismaConnections: 10, poolConnections: 2 } as const;
/** Connections counted for the job supervisor: its handle, and a scheduled backup's lock and snapshot. */
export const SUPERVISOR_CONNECTIONS = SUPERVISOR_HANDLE.prismaConnections + SUPERVISOR_HANDLE.poolConnections + 2;
/** The handle each job process opens (`paralens run-job`): Prisma's pool, and a pg pool as large as a model run's. */
export const JOB_PROCESS_HANDLE = { prismaConnections: 10, poolConnections: 4 } as const;
/**
 * Connections counted for each job process: its handle, and the connections of its own a job holds
 * at once beside it (copyConnection(): an import's COPY session, an export's cursor, a mining run's
 * staging, a model endpoint's limiter, an index build; at most two of them).
 */
export const JOB_PROCESS_CONNECTIONS = JOB_PROCESS_HANDLE.prismaConnections + JOB_PROCESS_HANDLE.poolConnections + 2;
/** Left free for the command line, psql, backups and the start-up lock. */
export const SPARE_CONNECTIONS = 5;
/** The smallest pool either of a web process's pools may be cut to. */
export const MIN_POOL = 2;

/** `auto`: one per core; a number: that many. */
export function resolveWebProcesses(value: number | 'auto', cores: number): number {
  return value === 'auto' ? Math.max(1, cores) : value;
}

export interface ConnectionPlanInput {
  maxConnections: number;
  /** slots reserved for superusers and pg_use_reserved_connections */
  reserved: number;
  processes: number;
  /** the pool sizes one web process asks for */
  prismaPool: number;
  sqlPool: number;
  jobConcurrency: number;
}

export type ConnectionPlan =
  | {
      ok: true;
      prismaPool: number;
      sqlPool: number;
      /** whether the pools were cut from what was asked for */
      isReduced: boolean;
      /** connections all web processes may open together */
      web: number;
      /** connections counted for jobs and tools */
      others: number;
      /** max_connections less the reserved slots */
      usable: number;
    }
  | { ok: false; problem: string; hint: string };

export function planConnections(input: ConnectionPlanInput): ConnectionPlan {
  const usable = input.maxConnections - input.reserved;
  const others = SUPERVISOR_CONNECTIONS + input.jobConcurrency * JOB_PROCESS_CONNECTIONS + SPARE_CONNECTIONS;
  const forWeb = usable - others;
  const wanted = input.prismaPool + input.sqlPool;
  if (input.processes * wanted <= forWeb) {
    return {
      ok: true,
      prismaPool: input.prismaPool,
      sqlPool: input.sqlPool,
      isReduced: false,
      web: input.processes * wanted,
      others,
      usable,
    };
  }
  const perProcess = Math.floor(forWeb / input.processes);
  if (perProcess < 2 * MIN_POOL) {
    return {
      ok: false,
      problem: `PostgreSQL allows ${usable} connections (max_connections ${input.maxConnections}, ${input.reserved} reserved), too few for ${input.processes} web processes beside the ${others} counted for jobs and tools (each web process needs at least ${2 * MIN_POOL}).`,
      hint: 'Lower PARALENS_WEB_PROCESSES (or PARALENS_JOB_CONCURRENCY), or raise max_connections on the server.',
    };
  }
  const prismaPool = Math.min(
    input.prismaPool,
    Math.max(MIN_POOL, Math.min(perProcess - MIN_POOL, Math.floor((perProcess * input.prismaPool) / wanted))),
  );
  const sqlPool = Math.min(input.sqlPool, perProcess - prismaPool);
  return { ok: true, prismaPool, sqlPool, isReduced: true, web: input.processes * (prismaPool + sqlPool), others, usable };
}

/** The start-up line that says how the connections were shared out. */
export function describeConnectionPlan(
  plan: Extract<ConnectionPlan, { ok: true }>,
  input: Pick<ConnectionPlanInput, 'processes' | 'prismaPool' | 'sqlPool' | 'maxConnections' | 'reserved'>,
): string {
  const processes = `${input.processes} web process${input.processes === 1 ? '' : 'es'}`;
  const cut = plan.isReduced
    ? ` (cut from ${input.prismaPool} + ${input.sqlPool} to stay under the limit; PARALENS_DB_POOL_SIZE, PARALENS_SQL_POOL_SIZE)`
    : '';
  return (
    `Database connections: ${processes} × (${plan.prismaPool} Prisma + ${plan.sqlPool} SQL) = ${plan.web}${cut}, ` +
    `beside up to ${plan.others} for jobs and tools, under PostgreSQL's max_connections ${input.maxConnections} (${input.reserved} reserved).`
  );
}

/**
 * bench:annotate with --processes or --instances: the floor alone, the paced annotators (by default
 * 1,000 at about 10 s a pair, half of them browser sessions), and with --ceiling the highest pace
 * under 100 ms p99 (annotate-ceiling.ts), for N web processes against one on the same database.
 */
import type { ChildProcess } from 'node:child_process';
import type { OpenedDatabase } from '@/lib/runtime/bootstrap';
import type { SqlPool } from '@/lib/db/sql-pool';
import { fmt } from './format';
import { runAnnotatorClients, type ClientOptions } from './annotator-clients';
import { measure, report, type Measured } from './annotate-report';
import { findCeiling, type Ceiling } from './annotate-ceiling';
import { serveOnFreePort, stopServers } from './bench-server';
import { setting } from '@/lib/config/settings';

export interface FleetArgs {
  pairs: number | null;
  processes: number | null;
  instances: number | null;
  ceiling: boolean;
}

const usage = 'Usage: npm run bench:annotate -- [pairs] [--processes N] [--instances M] [--ceiling]';

export function parseFleetArgs(argv: readonly string[]): FleetArgs {
  const args: FleetArgs = { pairs: null, processes: null, instances: null, ceiling: false };
  const count = (flag: string, value: string | undefined) => {
    if (!value || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
      throw new Error(`${flag} needs a whole number from 1 to 64 (got ${value ?? 'nothing'}). ${usage}`);
    return Number(value);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--processes') args.processes = count(arg, argv[++i]);
    else if (arg === '--instances') args.instances = count(arg, argv[++i]);
    else if (arg === '--ceiling') args.ceiling = true;
    else if (/^\d+$/.test(arg) && args.pairs === null) args.pairs = Number(arg);
    else throw new Error(`bench:annotate does not know ${arg}. ${usage}`);
  }
  return args;
}

export interface Fleet {
  clients: Omit<ClientOptions, 'durationMs' | 'thinkMs'>;
  measured: Measured;
  database: OpenedDatabase;
  env: NodeJS.ProcessEnv;
  /** the servers started (the ceiling's single-process run replaces the first) */
  servers: ChildProcess[];
  annotators: number;
  campaignId: number;
  pool: SqlPool;
}

export interface FleetOptions extends FleetArgs {
  seconds: number;
  thinkMs: number;
  targetMs: number;
  overlap: number;
}

const CEILING_LIMIT_MS = 100;
const CEILING_FACTOR = 1.15;
const CEILING_TARGET_RATIO = 1.5;
const FLOOR_CLIENTS = 100;

/** The largest answers + live holds of any pair someone holds now (never above the overlap). */
async function mostHeld(pool: SqlPool, campaignId: number): Promise<number> {
  const { rows } = await pool.query<{ most: number }>(
    `SELECT COALESCE(max((SELECT count(*) FROM "Annotation" a WHERE a."campaignId" = $1 AND a."pairId" = h."pairId") + h.n), 0)::int AS most
     FROM (SELECT "pairId", count(*) AS n FROM "Assignment" WHERE "campaignId" = $1 AND "status" = 'PENDING' GROUP BY "pairId") h
     JOIN "CampaignItem" i ON i."campaignId" = $1 AND i."pairId" = h."pairId" AND NOT i."isGold"`,
    [campaignId],
  );
  return rows[0]?.most ?? 0;
}

function describe(o: FleetOptions): string {
  const perInstance = o.processes ?? 1;
  return o.instances !== null
    ? `${o.instances} instance(s) × ${perInstance} web process(es) behind nginx`
    : `${perInstance} web process(es)`;
}

async function ceilingOf(fleet: Fleet, title: string): Promise<Ceiling> {
  return findCeiling(title, {
    clients: fleet.clients,
    annotators: fleet.annotators,
    measured: fleet.measured,
    startPace: setting('BENCH_CEILING_START'),
    factor: CEILING_FACTOR,
    stepSeconds: setting('BENCH_CEILING_STEP_SECONDS'),
    settleSeconds: 3,
    limitMs: CEILING_LIMIT_MS,
    mostHeld: () => mostHeld(fleet.pool, fleet.campaignId),
  });
}

/** The same database served by one web process instead (the first server stopped and replaced). */
async function restartWithOneProcess(fleet: Fleet): Promise<void> {
  await stopServers([fleet.servers[0]!]);
  const served = await serveOnFreePort(fleet.env, 'Serving the same database again on', 1);
  fleet.servers[0] = served.server;
  fleet.measured = { ...fleet.measured, serverPids: [served.server.pid!] };
  fleet.clients = { ...fleet.clients, baseUrl: served.baseUrl };
  await runAnnotatorClients({
    ...fleet.clients,
    tokens: fleet.clients.tokens.slice(0, 5),
    sessions: [],
    durationMs: 3000,
    thinkMs: 0,
  });
}

export async function fleetRun(
  fleet: Fleet,
  o: FleetOptions,
): Promise<{ errors: number; acknowledged: string[]; met: string[] }> {
  const { annotators } = fleet;
  const reportOptions = { annotators, targetMs: o.targetMs, byKind: true };
  const setup = describe(o);
  const floorClients = { ...fleet.clients, tokens: fleet.clients.tokens.slice(0, FLOOR_CLIENTS), sessions: [] };
  const floorOnly = await measure({ ...floorClients, durationMs: 10_000, thinkMs: 0, healthOnly: true }, fleet.measured);
  let errors = floorOnly.run.errors;
  report(
    `${setup}. The floor alone: ${FLOOR_CLIENTS} clients calling GET /api/health without pausing, 10 s`,
    floorOnly,
    reportOptions,
  );
  const sessions = fleet.clients.sessions?.length ?? 0;
  const paced = await measure({ ...fleet.clients, durationMs: o.seconds * 1000, thinkMs: o.thinkMs }, fleet.measured);
  const acknowledged = [...paced.run.acknowledged];
  errors += paced.run.errors;
  const held = await mostHeld(fleet.pool, fleet.campaignId);
  const title = `${setup}. ${fmt(annotators)} annotators (${fmt(annotators - sessions)} with tokens, ${fmt(sessions)} browser sessions) pausing ${fmt(o.thinkMs / 1000, 1)} s (uniformly ${fmt(o.thinkMs / 2000, 1)}–${fmt((o.thinkMs * 1.5) / 1000, 1)} s) per pair, i.e. ${fmt((annotators * 1000) / o.thinkMs)} pairs/s, ${o.seconds} s (load average after: ${paced.load})`;
  const { worstP99 } = report(title, paced, reportOptions);
  console.log(`  answers + live holds of any held pair at the end: at most ${held} (overlap ${o.overlap})`);
  const met = [
    `p99 ≤ ${o.targetMs} ms with ${fmt(annotators)} annotators pausing (${worstP99 <= o.targetMs ? 'met' : 'NOT met'})`,
  ];
  met.push(`holds never above the overlap (${held <= o.overlap ? 'met' : 'NOT met'} at the end of each phase)`);
  if (!o.ceiling) return { errors, acknowledged, met };

  const ceilings: Ceiling[] = [await ceilingOf(fleet, `Ceiling with ${setup}`)];
  const multi = o.instances === null && (o.processes ?? 1) > 1;
  if (multi) {
    await restartWithOneProcess(fleet);
    ceilings.push(await ceilingOf(fleet, 'Ceiling with 1 web process, same database'));
  }
  for (const c of ceilings) {
    acknowledged.push(...c.acknowledged);
    errors += c.errors;
  }
  const overHeld = ceilings.some((c) => c.steps.some((s) => s.mostHeld > o.overlap));
  met[1] = `holds never above the overlap (${!overHeld && held <= o.overlap ? 'met' : 'NOT met'} at the end of each phase and step)`;
  if (multi) {
    const many = ceilings[0]!.pace;
    const one = ceilings[1]!.pace;
    const ratio = many !== null && one ? many / one : NaN;
    console.log(
      `\nCeiling (p99 of next and submit < ${CEILING_LIMIT_MS} ms): ${o.processes} processes ${many === null ? 'none' : `${fmt(many)} pairs/s`}, 1 process ${one === null ? 'none' : `${fmt(one)} pairs/s`}: ratio ${fmt(ratio, 2)}× (target ≥ ${CEILING_TARGET_RATIO}×; steps of ${CEILING_FACTOR}×, so each ceiling is known to within ${fmt((CEILING_FACTOR - 1) * 100)} %)`,
    );
    met.push(
      `ceiling ${o.processes} processes ≥ ${CEILING_TARGET_RATIO}× one (${ratio >= CEILING_TARGET_RATIO ? 'met' : 'NOT met'}: ${fmt(ratio, 2)}×)`,
    );
  }
  return { errors, acknowledged, met };
}

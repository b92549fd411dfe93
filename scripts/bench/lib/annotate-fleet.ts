/**
 * bench:annotate with --processes or --instances: the floor alone, the paced annotators (by default
 * 1,000 at about 10 s a pair, half of them browser sessions), and with --ceiling the highest pace
 * under 100 ms p99 (annotate-ceiling.ts); with --processes N > 1 --ceiling the paced annotators and
 * the ceiling once more with one web process on the same database, and the ratio of the ceilings.
 */
import type { ChildProcess } from 'node:child_process';
import type { OpenedDatabase } from '@/lib/runtime/bootstrap';
import type { SqlPool } from '@/lib/db/sql-pool';
import { fmt } from './format';
import { runAnnotatorClients, type ClientOptions, type ClientRun } from './annotator-clients';
import { measure, report, type Measured } from './annotate-report';
import { findCeiling, type Ceiling } from './annotate-ceiling';
import { serveOnFreePort, stopServers } from './bench-server';
import { setting } from '@/lib/config/settings';
import type { FleetArgs } from './annotate-args';

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
const HOLD_LOOK_MS = 2000;

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

/**
 * Looks at the holds every HOLD_LOOK_MS while the annotators work: `take()` is the most answers +
 * live holds any held pair had since the last take, `most` over the whole run.
 */
class HoldWatch {
  most = 0;
  looks = 0;
  private sinceTake = 0;
  private readonly timer: NodeJS.Timeout;
  private looking: Promise<void> = Promise.resolve();

  constructor(pool: SqlPool, campaignId: number) {
    this.timer = setInterval(() => {
      this.looking = mostHeld(pool, campaignId).then((n) => {
        this.looks += 1;
        this.most = Math.max(this.most, n);
        this.sinceTake = Math.max(this.sinceTake, n);
      });
    }, HOLD_LOOK_MS);
  }

  take(): number {
    const n = this.sinceTake;
    this.sinceTake = 0;
    return n;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.looking;
  }
}

function describe(o: FleetOptions): string {
  const perInstance = o.processes ?? 1;
  return o.instances !== null
    ? `${o.instances} instance(s) × ${perInstance} web process(es) behind nginx`
    : `${perInstance} web process(es)`;
}

async function ceilingOf(fleet: Fleet, title: string, holds: HoldWatch): Promise<Ceiling> {
  return findCeiling(title, {
    clients: fleet.clients,
    annotators: fleet.annotators,
    measured: fleet.measured,
    startPace: setting('BENCH_CEILING_START'),
    factor: CEILING_FACTOR,
    stepSeconds: setting('BENCH_CEILING_STEP_SECONDS'),
    settleSeconds: 3,
    limitMs: CEILING_LIMIT_MS,
    mostHeld: () => holds.take(),
  });
}

/** The same database served by one web process instead (the first server stopped and replaced). */
async function restartWithOneProcess(fleet: Fleet): Promise<ClientRun> {
  await stopServers([fleet.servers[0]!]);
  const served = await serveOnFreePort(fleet.env, 'Serving the same database again on', 1);
  fleet.servers[0] = served.server;
  fleet.measured = { ...fleet.measured, serverPids: [served.server.pid!] };
  fleet.clients = { ...fleet.clients, baseUrl: served.baseUrl };
  return runAnnotatorClients({
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
  const holds = new HoldWatch(fleet.pool, fleet.campaignId);
  try {
    return await phases(fleet, o, holds);
  } finally {
    await holds.stop();
  }
}

async function phases(
  fleet: Fleet,
  o: FleetOptions,
  holds: HoldWatch,
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
  const acknowledged: string[] = [];
  const pacedPhase = async (label: string) => {
    // All the annotators work at the pace for one and a half think times first, untimed: the
    // figures are those of a campaign under way, not of its first seconds (pools opening their
    // connections, each preparing its statements), which the ceiling's steps leave out too.
    const warmMs = Math.round(o.thinkMs * 1.5);
    console.log(`\n${label}: warming up, ${fmt(annotators)} annotators at the pace for ${fmt(warmMs / 1000, 1)} s (not timed) …`);
    const warm = await runAnnotatorClients({ ...fleet.clients, durationMs: warmMs, thinkMs: o.thinkMs });
    acknowledged.push(...warm.acknowledged);
    errors += warm.errors;
    holds.take();
    const paced = await measure({ ...fleet.clients, durationMs: o.seconds * 1000, thinkMs: o.thinkMs }, fleet.measured);
    acknowledged.push(...paced.run.acknowledged);
    errors += paced.run.errors;
    const sessions = fleet.clients.sessions?.length ?? 0;
    const title = `${label}. ${fmt(annotators)} annotators (${fmt(annotators - sessions)} with tokens, ${fmt(sessions)} browser sessions) pausing ${fmt(o.thinkMs / 1000, 1)} s (uniformly ${fmt(o.thinkMs / 2000, 1)}–${fmt((o.thinkMs * 1.5) / 1000, 1)} s) per pair, i.e. ${fmt((annotators * 1000) / o.thinkMs)} pairs/s, ${o.seconds} s (load average after: ${paced.load})`;
    const { worstP99 } = report(title, paced, reportOptions);
    console.log(
      `  answers + live holds of any held pair, looked at every ${HOLD_LOOK_MS / 1000} s: at most ${holds.take()} (overlap ${o.overlap})`,
    );
    return `p99 ≤ ${o.targetMs} ms with ${fmt(annotators)} annotators pausing, ${label} (${worstP99 <= o.targetMs ? 'met' : 'NOT met'})`;
  };
  const met = [await pacedPhase(setup)];
  if (o.ceiling) {
    const ceilings: Ceiling[] = [await ceilingOf(fleet, `Ceiling with ${setup}`, holds)];
    const multi = o.instances === null && (o.processes ?? 1) > 1;
    if (multi) {
      const warm = await restartWithOneProcess(fleet);
      acknowledged.push(...warm.acknowledged);
      errors += warm.errors;
      met.push(await pacedPhase('1 web process, same database'));
      ceilings.push(await ceilingOf(fleet, 'Ceiling with 1 web process, same database', holds));
    }
    for (const c of ceilings) {
      acknowledged.push(...c.acknowledged);
      errors += c.errors;
    }
    if (multi) met.push(ceilingRatio(o, ceilings[0]!.pace, ceilings[1]!.pace));
  }
  met.push(
    `holds never above the overlap (${holds.most <= o.overlap ? 'met' : 'NOT met'}: at most ${holds.most} in ${holds.looks} looks)`,
  );
  return { errors, acknowledged, met };
}

function ceilingRatio(o: FleetOptions, many: number | null, one: number | null): string {
  const ratio = many !== null && one ? many / one : NaN;
  console.log(
    `\nCeiling (p99 of next and submit < ${CEILING_LIMIT_MS} ms): ${o.processes} processes ${many === null ? 'none' : `${fmt(many)} pairs/s`}, 1 process ${one === null ? 'none' : `${fmt(one)} pairs/s`}: ratio ${fmt(ratio, 2)}× (target ≥ ${CEILING_TARGET_RATIO}×; steps of ${CEILING_FACTOR}×, so each ceiling is known to within ${fmt((CEILING_FACTOR - 1) * 100)} %)`,
  );
  return `ceiling ${o.processes} processes ≥ ${CEILING_TARGET_RATIO}× one (${ratio >= CEILING_TARGET_RATIO ? 'met' : 'NOT met'}: ${fmt(ratio, 2)}×)`;
}

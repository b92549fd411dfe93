/**
 * `npm run bench:dashboards`: the dashboards' server time on a generated corpus of 1,000,000 pairs
 * (`-- <pairs>` or `--pairs N` for another size; `--keep DIR` keeps the database in DIR and reuses its
 * generated corpus next time). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (SQL, with its summary as an import leaves it: the characteristic
 * map included), serves the production build and times, warm (median and p95 of 15 requests over
 * loopback): the measure map (API and page) against 150 ms and the corpus comparison against
 * 500 ms. Printed beside two floors measured in the same run: a bare `SELECT count(*)` over the
 * corpus's pairs (what any scan of them costs at least) and /api/health (one request through
 * Next.js and one database round trip); and the GROUP BY scan a map would cost without the summary.
 *
 * The distributions page (figures stored by the job after an import, or on the first visit) against
 * 50 ms, and a stratified draw of 500 pairs by Δ (a new campaign through the API) against 2 s.
 *
 * Then the heaviest dashboard request beside a health check: the agreement API and the campaign
 * page with 10,000 bootstrap resamples of a 300-pair, 8-annotator campaign, while /api/health is
 * asked again and again; its p99 should stay under 50 ms (the resampling runs on a worker thread).
 */
import { fmt, loadAverage } from './lib/format';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeUser } from '@/prisma/factories/users';
import { MAP_SCAN_SQL } from '@/lib/db/corpora/corpus-summary';
import { demoPassword } from '@/lib/runtime/demo';
import { keptOrGeneratedCorpus } from './lib/generated-corpus';
import { benchArgs } from './lib/bench-args';
import { signInOverHttp, timeRequests, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const { pairs, keep } = benchArgs(process.argv.slice(2), 1_000_000);

async function timeQuery(client: pg.Client, sql: string, params: unknown[], runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const t = performance.now();
    await client.query(sql, params);
    if (i >= 2) times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** A 300-pair campaign rated by 8 annotators on the semantic scale (each rating the pair's level ± 1). */
async function ratedCampaign(db: Db, client: pg.Client): Promise<string> {
  const annotators = await Promise.all(Array.from({ length: 8 }, () => makeUser(db, { role: 'ANNOTATOR' })));
  const campaign = await makeCampaign(db, {
    pairs: 300,
    overlap: 8,
    questions: ['semantic'],
    members: annotators.map((a) => a.email),
  });
  await client.query('SELECT setseed(0.5)');
  await client.query(
    `INSERT INTO "Annotation" ("campaignId", "pairId", "annotatorId", "submissionId", "answers", "updatedAt")
     SELECT i."campaignId", i."pairId", u.id, 'bench-' || i."pairId" || '-' || u.id,
            jsonb_build_object('semantic', LEAST(4, GREATEST(0, i."pairId" % 5 + floor(random() * 3)::int - 1))), now()
     FROM "CampaignItem" i CROSS JOIN unnest($2::int[]) AS u(id) WHERE i."campaignId" = $1`,
    [campaign.id, annotators.map((a) => a.id)],
  );
  return campaign.slug;
}

/**
 * One heavy request, and /api/health asked back to back while it runs: the heavy request's time and
 * the health checks' latencies.
 */
async function healthBeside(
  baseUrl: string,
  path: string,
  cookie: string,
): Promise<{ heavyMs: number; status: number; checks: number; p50: number; p99: number; max: number }> {
  const latencies: number[] = [];
  let done = false;
  const started = performance.now();
  const heavy = fetch(`${baseUrl}${path}`, { headers: { cookie } }).then(async (res) => {
    await res.arrayBuffer();
    done = true;
    return { status: res.status, ms: performance.now() - started };
  });
  while (!done) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - t);
  }
  const { status, ms } = await heavy;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0;
  return { heavyMs: ms, status, checks: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * A stratified draw of 500 pairs by Δ (5 equal-width bins × 100) from the generated corpus, as a
 * researcher's campaign creation asks for it (POST /api/v1/campaigns: the draw and its items in one
 * transaction), three times with other seeds; target 2 s each. The campaigns are removed after.
 */
async function timeDraws(baseUrl: string, cookie: string, url: string): Promise<boolean> {
  const times: number[] = [];
  let failure = '';
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/campaigns`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench draw ${Date.now()} ${i}`,
        corpora: ['generated'],
        sample: { strategy: 'stratified', measure: 'delta', bins: 5, perBin: 100, seed: i + 1 },
        questions: ['semantic'],
        overlap: 1,
        goldEvery: 0,
      }),
    });
    const body = (await res.json()) as { items?: number; error?: { message?: string } };
    times.push(performance.now() - t);
    if (res.status !== 201 && res.status !== 200) failure = `status ${res.status}: ${body.error?.message ?? ''}`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DELETE FROM "Campaign" WHERE "name" LIKE 'Bench draw %'`);
  await client.end();
  const worst = Math.max(...times);
  const ok = !failure && worst <= 2000;
  console.log(
    `  ${'stratified draw, 500 by Δ'.padEnd(28)} ${times.map((t) => `${fmt(t, 0)} ms`).join(', ')} (a new campaign each)  target ≤ 2,000 ms: ${ok ? 'met' : 'NOT met'}${failure ? ` ${failure}!` : ''}`,
  );
  return ok;
}

const { home, env, database } = await openBenchDatabase('dashboards', keep);
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpus = await keptOrGeneratedCorpus(client, db, pairs, home);
  const corpusId = corpus.id;
  const campaignSlug = await ratedCampaign(db, client);
  const countFloor = await timeQuery(client, 'SELECT count(*) FROM "Pair" WHERE "corpusId" = $1', [corpusId]);
  const mapScan = await timeQuery(client, MAP_SCAN_SQL, [corpusId], 3);
  await client.end();
  await db.$disconnect();

  const served = await serveOnFreePort(env);
  server = served.server;
  const baseUrl = served.baseUrl;
  const researcher = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const health = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '');
  const targets: Array<[string, string, number]> = [
    ['measure map, API', '/api/v1/corpora/generated/map', 150],
    ['measure map, page', '/dashboards/maps?corpus=generated', 150],
    ['all corpora maps, page', '/dashboards/maps', 150],
    ['corpus comparison, page', '/dashboards', 500],
    ['comparison, ST > 0.8 only', '/dashboards?st=above08', 500],
    ['distributions, page', '/dashboards/distributions?corpus=generated', 50],
  ];
  console.log(
    `\nServer time, warm, ${fmt(pairs)} pairs in the corpus (median / p95 of 15 requests), load average ${loadAverage()}\n`,
  );
  console.log(`  floor: SELECT count(*) over the corpus's pairs   ${fmt(countFloor, 1).padStart(8)} ms`);
  console.log(`  floor: /api/health                               ${fmt(health.median, 1).padStart(8)} ms`);
  console.log(`  reference: the map as a GROUP BY scan (no summary) ${fmt(mapScan, 1).padStart(6)} ms\n`);
  let met = true;
  for (const [name, url, target] of targets) {
    const r = await timeRequests(baseUrl, url, researcher);
    const ok = r.status === 200 && r.p95 <= target;
    met &&= ok;
    console.log(
      `  ${name.padEnd(28)} ${fmt(r.median, 1).padStart(7)} ms  p95 ${fmt(r.p95, 1).padStart(7)} ms  target ≤ ${target} ms: ${ok ? 'met' : 'NOT met'}  (${fmt(r.median / countFloor, 2)}× count(*), ${fmt(r.median / health.median, 1)}× health)${r.status === 200 ? '' : ` status ${r.status}!`}`,
    );
  }
  met = (await timeDraws(baseUrl, researcher, database.url)) && met;
  console.log(
    '\nThe heaviest dashboard requests (10,000 bootstrap resamples, 300 pairs × 8 annotators) beside /api/health asked back to back\n',
  );
  for (const [name, url] of [
    ['agreement API, bootstrap=10000', `/api/v1/campaigns/${campaignSlug}/agreement?bootstrap=10000`],
    ['campaign page, resamples=10000', `/dashboards/campaigns/${campaignSlug}?resamples=10000`],
  ] as const) {
    await healthBeside(baseUrl, url, researcher); // warm: the worker thread starts on first use
    const r = await healthBeside(baseUrl, url, researcher);
    const ok = r.status === 200 && r.p99 < 50;
    met &&= ok;
    console.log(
      `  ${name.padEnd(32)} ${fmt(r.heavyMs, 0).padStart(6)} ms; health ×${r.checks}: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, max ${fmt(r.max, 1)} ms  target p99 < 50 ms: ${ok ? 'met' : 'NOT met'}${r.status === 200 ? '' : ` status ${r.status}!`}`,
    );
  }
  console.log(`\n${met ? 'All targets met.' : 'Some targets NOT met.'} Load average at the end: ${loadAverage()}`);
} finally {
  await stopBench(server, database, home, keep !== undefined);
}

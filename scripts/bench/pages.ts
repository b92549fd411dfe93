/**
 * `npm run bench:pages`: every page's server time on a generated database of 2,000,000 pairs
 * (`-- <pairs>` or `--pairs N` for another size; `--keep DIR` keeps the database in DIR and reuses its
 * generated corpus next time). Starts a throwaway embedded PostgreSQL with the demo data, adds
 * one corpus of generated pairs (SQL, with its summary as an import would leave it), serves the
 * production build through `npm start`'s script, signs in and times each page warm: median and
 * 95th percentile of the full response over loopback, next to the target (200 ms) and as a
 * ratio to /api/health measured in the same run (the floor: one request through Next.js and one
 * database round trip).
 *
 * The pages are every row of the every-page table (e2e/pages.ts: each page at the URL of the demo
 * seed, as the first of researcher, admin and annotator allowed to see it), with the large corpus
 * present, then the pages that show one corpus at the generated corpus itself. A row whose URL
 * the bench database cannot show (a model run, which only the e2e set-up makes) is listed with
 * its status and left out of the worst figure.
 */
import { fmt, loadAverage } from './lib/format';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { demoPassword } from '@/lib/runtime/demo';
import { pageTable } from '@/e2e/pages';
import { keptOrGeneratedCorpus } from './lib/generated-corpus';
import { benchArgs } from './lib/bench-args';
import { signInOverHttp, timeRequests, NEXT_ROUTED_HEALTH } from './lib/http-timing';
import { openBenchDatabase, serveOnFreePort, stopBench } from './lib/bench-server';

const { pairs, keep } = benchArgs(process.argv.slice(2), 2_000_000);

const { home, env, database } = await openBenchDatabase('pages', keep);
let server: ChildProcess | null = null;
try {
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const corpus = await keptOrGeneratedCorpus(client, db, pairs, home);
  const firstPair = await client.query<{ id: number }>('SELECT min("id") AS id FROM "Pair" WHERE "corpusId" = $1', [corpus.id]);
  await client.end();
  await db.$disconnect();

  const served = await serveOnFreePort(env);
  server = served.server;
  const baseUrl = served.baseUrl;

  const researcher = await signInOverHttp(baseUrl, 'researcher@paralens.local', demoPassword);
  const admin = await signInOverHttp(baseUrl, 'admin@paralens.local', demoPassword);
  const annotator = await signInOverHttp(baseUrl, 'annotator@paralens.local', demoPassword);
  const floor = await timeRequests(baseUrl, NEXT_ROUTED_HEALTH, '');
  const sessions = { researcher, admin, annotator } as const;
  const pages: Array<[string, string]> = Object.values(pageTable).map((row) => {
    if (row.roles === 'public') return [row.path, ''];
    const role = (['researcher', 'admin', 'annotator'] as const).find((r) => row.roles.includes(r))!;
    return [row.path, sessions[role]];
  });
  const c = encodeURIComponent(corpus.slug);
  for (const path of [
    `/corpora/${c}`,
    `/explore?corpus=${c}`,
    `/explore/pairs/${firstPair.rows[0]!.id}`,
    `/dashboards/maps?corpus=${c}`,
    `/dashboards/maps/cell?corpus=${c}&cell=2,2`,
    `/dashboards/distributions?corpus=${c}`,
    `/dashboards/judgements?corpus=${c}`,
  ])
    pages.push([path, researcher]);
  console.log(
    `\nServer time per page, warm, ${fmt(pairs)} pairs in the generated corpus (median / p95 of 15 requests after 3; target ≤ 200 ms), load average ${loadAverage()}\n`,
  );
  console.log(`  ${'/api/health (floor)'.padEnd(58)} ${fmt(floor.median, 1).padStart(7)} ms ${fmt(floor.p95, 1).padStart(7)} ms`);
  let worst = { p95: 0, page: '' };
  const unshown: string[] = [];
  for (const [page, cookie] of pages) {
    const r = await timeRequests(baseUrl, page, cookie);
    // a redirect (the home page, the sign-in page of a signed-in user) is an answer too
    const answered = r.status === 200 || (r.status >= 300 && r.status < 400);
    if (answered && r.p95 > worst.p95) worst = { p95: r.p95, page };
    if (!answered) unshown.push(`${page} (${r.status})`);
    const verdict = !answered ? `status ${r.status}: not counted` : r.p95 <= 200 ? 'met' : 'NOT met';
    console.log(
      `  ${page.padEnd(58)} ${fmt(r.median, 1).padStart(7)} ms ${fmt(r.p95, 1).padStart(7)} ms   ${fmt(r.median / floor.median, 1).padStart(5)}× health   ${verdict}`,
    );
  }
  console.log(
    `\n${pages.length - unshown.length} pages answered; worst p95 ${fmt(worst.p95, 1)} ms (${worst.page}; target ≤ 200 ms: ${worst.p95 <= 200 ? 'met' : 'NOT met'}); load average ${loadAverage()}`,
  );
  if (unshown.length) console.log(`Not shown by the bench database: ${unshown.join(', ')}`);
} finally {
  await stopBench(server, database, home, keep !== undefined);
}

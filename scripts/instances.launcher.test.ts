/**
 * Two Paralens instances on one PostgreSQL behind nginx, as two machines would run them
 * (scripts/lib/paralens-instances.ts): each its own `npm start` and PARALENS_HOME, the same
 * DATABASE_URL and AUTH_SECRET, and the repository's deploy/nginx.conf and deploy/haproxy.cfg in
 * front (scripts/lib/local-proxy.ts). They start once for the file, at the same moment on an empty
 * database; the scenarios run against them in order, the one that kills an instance last.
 * Needs the production build (`npm test` runs this after its build step; alone, it builds once) and
 * nginx and HAProxy (installed with apt-get when missing and we are root).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@/lib/db/client';
import { createSqlPool, type SqlPool } from '@/lib/db/sql-pool';
import { listMigrationNames } from '@/lib/db/migrations';
import { STARTUP_LOCK_KEY } from '@/lib/db/instances/startup-lock';
import { checkAssignmentInvariants } from '@/lib/db/campaigns/assignment-invariants';
import { endUserSessions } from '@/lib/db/accounts/users';
import { revokeApiTokenById } from '@/lib/db/accounts/api-tokens';
import { createScoringJob, finishScoringJob, recordScoringProgress, startScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus } from '@/prisma/factories/corpora';
import { httpSignIn } from '@/e2e/http-sign-in';
import { signInOverHttp } from './bench/lib/http-timing';
import { startScratchDatabase, type ScratchDatabase } from './lib/scratch-database';
import { launchInstance, prepareForInstances, type Instance } from './lib/paralens-instances';
import { startLocalProxy, type LocalProxy } from './lib/local-proxy';
import { startOutboxAnnotators } from './lib/outbox-annotators';

let database: ScratchDatabase | undefined;
let db: Db;
let pool: SqlPool;
let instances: Instance[] = [];
let nginx: LocalProxy | undefined;
let haproxy: LocalProxy | undefined;
let a: Instance;
let b: Instance;
const started = Date.now();

async function health(url: string): Promise<{ ok: boolean; instance: string; pid: number }> {
  const res = await fetch(`${url}/api/health`);
  return (await res.json()) as { ok: boolean; instance: string; pid: number };
}

async function statusOf(url: string, path: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${url}${path}`, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

beforeAll(async () => {
  prepareForInstances();
  database = await startScratchDatabase();
  // Both start at the same moment: the test holds the start-up lock until both wait for it, then
  // lets go, so the two race for it as two machines started together would.
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
  const authSecret = 'instances-test-secret-0123456789abcdef0123456789';
  const launchedAt = Date.now();
  instances = await Promise.all(['a', 'b'].map((name) => launchInstance({ name, databaseUrl: database!.url, authSecret })));
  [a, b] = instances as [Instance, Instance];
  const waiting = 'Another Paralens instance is migrating or recovering this database; waiting for it';
  await Promise.all(instances.map((i) => i.waitForOutput(waiting, 120_000)));
  await holder.end();
  await Promise.all(instances.map((i) => i.waitForOutput('Paralens is running at', 240_000)));
  console.log(`both instances serving ${Date.now() - launchedAt} ms after their launch`);
  nginx = await startLocalProxy('nginx', [a.port, b.port], { accessLog: true });
  haproxy = await startLocalProxy('haproxy', [a.port, b.port]);
  db = createPrismaClient(database.url, 4);
  pool = createSqlPool(database.url, 2);
}, 15 * 60_000);

afterAll(async () => {
  await Promise.all([nginx?.stop(), haproxy?.stop()]);
  await Promise.all(instances.map((i) => i.stop()));
  await db?.$disconnect();
  await pool?.end();
  await database?.stop();
  console.log(`the file took ${Date.now() - started} ms`);
}, 120_000);

describe('two instances behind nginx on one database', () => {
  it('started at the same moment on an empty database: exactly one migrated, both serve, nginx and HAProxy answer from both', async () => {
    const migrated = instances.filter((i) => i.output().includes('Applied migrations:'));
    expect(
      migrated.map((i) => i.name),
      instances.map((i) => i.output()).join('\n----\n'),
    ).toHaveLength(1);
    const names = await listMigrationNames();
    const { rows } = await pool.query<{ migration_name: string; finished: boolean }>(
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names); // each once
    expect(rows.every((r) => r.finished)).toBe(true);

    expect(await health(a.url)).toMatchObject({ ok: true, instance: 'a' });
    expect(await health(b.url)).toMatchObject({ ok: true, instance: 'b' });
    for (const proxy of [nginx!, haproxy!]) {
      const answers = await Promise.all([0, 1, 2, 3].map(() => health(proxy.url)));
      expect(new Set(answers.map((h) => h.instance)), proxy.kind).toEqual(new Set(['a', 'b']));
    }
  });

  it('the sign-in throttle counts across instances behind nginx, by the client address nginx saw', async () => {
    const owner = await makeUser(db);
    const target = (from: string) => ({ baseURL: nginx!.url, from });
    const outcomes: string[] = [];
    // Each attempt is two requests (the CSRF token, then the form), so plain round robin would send
    // every form to the same instance. nginx takes the two in strict turn: after a health check that
    // `wanted` answered, the token comes from the other and the form goes to `wanted`.
    const formGoesTo = async (wanted: string) => {
      for (let probes = 0; (await health(nginx!.url)).instance !== wanted; probes++) {
        if (probes > 4) throw new Error(`nginx did not hand a request to ${wanted} in 5 tries`);
      }
    };
    // The forms alternate between the instances; each claims another address.
    for (let i = 0; i < 8; i += 1) {
      await formGoesTo(instances[i % 2]!.name);
      outcomes.push(
        await httpSignIn(target('127.0.0.4'), owner.email, `guess-${i}`, { 'X-Forwarded-For': `203.0.113.${i + 1}` }),
      );
    }
    expect(outcomes).toEqual([...Array<string>(5).fill('wrong'), ...Array<string>(3).fill('rate-limited')]);
    expect(await httpSignIn(target('127.0.0.4'), owner.email, owner.password)).toBe('rate-limited');
    // The owner, at another address, is not locked out: nginx passed on the real client address.
    expect(await httpSignIn(target('127.0.0.5'), owner.email, owner.password)).toBe('signed-in');
    // nginx logs a request once it has answered it: the first eight are in by now.
    const forms = nginx!
      .accessLog()
      .split('\n')
      .filter((line) => line.startsWith('POST /api/auth/callback/credentials'))
      .map((line) => Number(line.split(' ')[2]!.split(':')[1]))
      .slice(0, 8);
    expect(forms).toEqual([a.port, b.port, a.port, b.port, a.port, b.port, a.port, b.port]);
  });

  it('a session and a token work on both instances, and ending or revoking them holds on both at once', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const cookie = await signInOverHttp(a.url, user.email, user.password); // signed in on a
    const { token, view } = await issueApiToken(db, user.id, 'both instances', null);
    const path = '/api/v1/corpora';
    const bearer = { authorization: `Bearer ${token}` };
    for (const instance of instances) {
      expect(await statusOf(instance.url, path, { cookie })).toBe(200);
      expect(await statusOf(instance.url, path, bearer)).toBe(200);
    }
    // What "sign out everywhere" and "revoke" do on whichever instance: the database row changes.
    await endUserSessions(db, user.id);
    expect(await revokeApiTokenById(db, view.id)).toBe(true);
    for (const instance of instances) {
      expect(await statusOf(instance.url, path, { cookie })).toBe(401);
      expect(await statusOf(instance.url, path, bearer)).toBe(401);
    }
  });

  it("a job's progress reads the same through either instance, at once", async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const { token } = await issueApiToken(db, user.id, 'progress', null);
    const corpus = await makeCorpus(db);
    // A scoring job run by a process of its own (as `paralens score` on a third machine would): the
    // test writes its progress step by step and reads it through both instances after each step.
    const ownerId = await liveTestOwner(db);
    const job = await createScoringJob(db, { corpusId: corpus.id, createdById: user.id, measures: ['wordnet'], ownerId });
    await startScoringJob(db, job.id, { pairsTotal: 50, skipped: [] });
    const read = async (instance: Instance) => {
      const res = await fetch(`${instance.url}/api/scoring-jobs/${job.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const { status, pairsDone, pairsTotal, message } = (await res.json()) as Record<string, unknown>;
      return { status, pairsDone, pairsTotal, message };
    };
    for (const done of [10, 20, 30, 40, 50]) {
      await recordScoringProgress(db, job.id, { pairsDone: done, textsEmbedded: 0, lastPairId: done });
      const expected = { status: 'RUNNING', pairsDone: done, pairsTotal: 50, message: null };
      expect(await Promise.all(instances.map(read))).toEqual([expected, expected]);
    }
    await finishScoringJob(db, job.id, { status: 'SUCCEEDED', message: '50 pairs scored (wordnet).' });
    const expected = { status: 'SUCCEEDED', pairsDone: 50, pairsTotal: 50, message: '50 pairs scored (wordnet).' };
    expect(await Promise.all(instances.map(read))).toEqual([expected, expected]);
  });

  it('annotators submitting through nginx while one instance is SIGKILLed: every acknowledged answer stored once, no pair over its overlap, and both proxies go on with the survivor', async () => {
    const annotators = await Promise.all(Array.from({ length: 8 }, () => makeUser(db)));
    const campaign = await makeCampaign(db, {
      pairs: 150,
      overlap: 3,
      questions: ['semantic'],
      members: annotators.map((u) => u.email),
    });
    const tokens = await Promise.all(annotators.map(async (u) => (await issueApiToken(db, u.id, 'outbox', null)).token));
    let running = true;
    const { report, finished } = startOutboxAnnotators({
      baseUrl: nginx!.url,
      campaign: campaign.slug,
      tokens,
      keepGoing: () => running,
    });
    const acknowledgedAfter = (since: number) => report.acknowledged.filter((x) => x.at > since).length;
    const until = async (what: string, check: () => boolean) => {
      for (const deadline = Date.now() + 60_000; !check(); await new Promise((r) => setTimeout(r, 50))) {
        if (Date.now() > deadline) throw new Error(`${what} within 60 s: ${JSON.stringify([...report.failures])}`);
      }
    };
    await until('30 answers acknowledged by both instances', () => report.acknowledged.length >= 30);
    const killedAt = Date.now();
    await b.kill();
    await until('30 answers acknowledged after the kill', () => acknowledgedAfter(killedAt) >= 30);
    running = false;
    await finished;
    console.log(
      `annotators: ${report.acknowledged.length} answers acknowledged (${acknowledgedAfter(killedAt)} after the kill), ` +
        `${report.resent} resent, ${report.nextRetries} next retried; failures: ${JSON.stringify([...report.failures])}`,
    );
    expect(report.rejected).toEqual([]);
    expect(report.unsent).toEqual([]);
    // Both instances stored answers before the kill (nginx's log: which instance answered each submission).
    const stored = nginx!
      .accessLog()
      .split('\n')
      .filter((line) => line.startsWith('POST /api/v1/campaigns/') && / 20[01]$/.test(line));
    for (const instance of instances) expect(stored.some((line) => line.includes(`127.0.0.1:${instance.port} `))).toBe(true);
    const acknowledged = report.acknowledged.map((x) => x.submissionId);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(await checkAssignmentInvariants(pool, campaign.id, { acknowledged })).toEqual([]);
    // Both proxies send everything to the survivor: nginx after the failed connections, HAProxy after its health checks.
    for (const proxy of [nginx!, haproxy!]) {
      const answers = await Promise.all([0, 1, 2, 3].map(() => health(proxy.url)));
      expect(answers.map((h) => `${h.instance} ${h.ok}`)).toEqual(Array<string>(4).fill('a true'));
    }
  }, 180_000);
});

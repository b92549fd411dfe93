/**
 * Assignment under concurrency, for real: many annotators at once on several connection pools in
 * this process, and on two separate Node processes sharing the database; then every rule is
 * checked in SQL. A monitor checks the rules that must hold at every moment while they work.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { createSqlPool, getSqlPool, type SqlPool } from '../sql-pool';
import { checkAssignmentInvariants } from './assignment-invariants';
import { runCrowd, sweepCrowd, type CrowdReport } from '../testing/annotator-simulation';

const db = getDb();
const pools: SqlPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await getSqlPool().end();
});

async function setup(pairs: number, annotators: number, overlap: number) {
  const users = await Promise.all(Array.from({ length: annotators }, () => makeUser(db)));
  const campaign = await makeCampaign(db, { pairs, overlap, members: users.map((u) => u.email), questions: ['semantic'] });
  return { campaign, userIds: users.map((u) => u.id), ref: parseCampaignRef(campaign.slug) };
}

/** Checks the always-true rules every few milliseconds until `work` settles. */
async function monitored<T>(campaignId: number, work: Promise<T>): Promise<{ result: T; checks: number; violations: string[] }> {
  const violations: string[] = [];
  let checks = 0;
  let done = false;
  const watching = (async () => {
    while (!done) {
      violations.push(...(await checkAssignmentInvariants(getSqlPool(), campaignId)));
      checks += 1;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    return { result: await work, checks, violations };
  } finally {
    done = true;
    await watching;
  }
}

function expectCleanRun(report: CrowdReport, pairs: number, overlap: number) {
  expect(report.anomalies).toEqual([]);
  // every pair got its overlap, except slots that only annotators who already had the pair could fill
  expect(report.acknowledged.length).toBeGreaterThan(pairs * overlap * 0.8);
  expect(report.acknowledged.length).toBeLessThanOrEqual(pairs * overlap);
}

describe('assignment under concurrency', () => {
  it('keeps every rule with 12 annotators on three connection pools (double-clicks, retries, skips, walk-aways, late answers)', async () => {
    const { campaign, userIds, ref } = await setup(60, 12, 3);
    for (let i = 0; i < 3; i++) pools.push(createSqlPool(process.env.DATABASE_URL!, 4));
    const { result, checks, violations } = await monitored(
      campaign.id,
      runCrowd(pools.slice(0, 3), ref, userIds, 1000, { abandonEvery: 5 }),
    );
    expect(violations).toEqual([]);
    expect(checks).toBeGreaterThan(3);
    expectCleanRun(result, 60, 3);
    expect(result.late.accepted + result.late.refused).toBe(3);
    expect(
      await checkAssignmentInvariants(getSqlPool(), campaign.id, { acknowledged: result.acknowledged, drained: true }),
    ).toEqual([]);
  }, 120_000);

  it('keeps every rule with two Node processes hammering one database', async () => {
    const { campaign, userIds, ref } = await setup(80, 12, 3);
    const startAt = Date.now() + 4000;
    const worker = path.join(__dirname, '../testing/crowd-worker.ts');
    const run = (users: number[], seed: number) =>
      new Promise<CrowdReport>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', worker, campaign.slug, users.join(','), String(seed), String(startAt)],
          { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out) as CrowdReport) : reject(new Error(`worker exited ${code}: ${err}`)),
        );
      });
    const half = userIds.length / 2;
    const {
      result: [a, b],
      violations,
    } = await monitored(campaign.id, Promise.all([run(userIds.slice(0, half), 1), run(userIds.slice(half), 2)]));
    expect(violations).toEqual([]);
    // both processes really worked on the campaign at the same time
    expect(a.handed).toBeGreaterThan(40);
    expect(b.handed).toBeGreaterThan(40);
    const sweepPool = createSqlPool(process.env.DATABASE_URL!, 4);
    pools.push(sweepPool);
    const sweep = await sweepCrowd([sweepPool], ref, userIds, 3);
    const all: CrowdReport = {
      acknowledged: [...a.acknowledged, ...b.acknowledged, ...sweep.reports.flatMap((r) => r.acknowledged)],
      handed: 0,
      late: { accepted: a.late.accepted + b.late.accepted, refused: a.late.refused + b.late.refused },
      anomalies: [...a.anomalies, ...b.anomalies, ...sweep.reports.flatMap((r) => r.anomalies)],
    };
    expectCleanRun(all, 80, 3);
    expect(await checkAssignmentInvariants(getSqlPool(), campaign.id, { acknowledged: all.acknowledged, drained: true })).toEqual(
      [],
    );
  }, 180_000);
});

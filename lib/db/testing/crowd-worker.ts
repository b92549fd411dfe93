/**
 * One "server process" of the multi-process concurrency test (lib/db/campaigns/assignment-concurrency.db.test.ts):
 * its own connection pool on DATABASE_URL, simulated annotators for the given users, started at an
 * agreed time so the processes overlap. Prints the CrowdReport as JSON.
 * Usage: node --import tsx lib/db/testing/crowd-worker.ts <campaign-slug> <userId,userId,...> <seed> <startAt ms>
 */
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { createSqlPool } from '../sql-pool';
import { runCrowd } from './annotator-simulation';

const [slug, users, seed, startAt] = process.argv.slice(2);
if (!slug || !users || !seed || !startAt || !process.env.DATABASE_URL)
  throw new Error('usage: crowd-worker.ts <slug> <userIds> <seed> <startAt> (with DATABASE_URL)');
const pool = createSqlPool(process.env.DATABASE_URL, 4);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const report = await runCrowd([pool], parseCampaignRef(slug), users.split(',').map(Number), Number(seed), {
  abandonEvery: 4,
  sweep: false,
});
process.stdout.write(JSON.stringify(report));
await pool.end();

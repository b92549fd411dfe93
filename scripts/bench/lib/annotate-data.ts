/**
 * bench:annotate's data: a corpus of generated pairs, annotator accounts (all with one password, so
 * any of them can sign in as a browser would), API tokens for the annotators who work as scripts,
 * one active campaign of every pair with all of them as members, and gold pairs spread over it.
 */
import pg from 'pg';
import { fmt } from './format';
import { createPrismaClient } from '@/lib/db/client';
import { refreshCorpusSummary } from '@/lib/db/corpora/corpus-summary';
import { createCampaign } from '@/lib/db/campaigns/campaign-create';
import { createSqlPool } from '@/lib/db/sql-pool';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { issueApiToken } from '@/lib/auth/api-token';
import { hashPassword } from '@/lib/access/password';
import { signInOverHttp } from './http-timing';
import { generatePairsSql } from './generated-pairs';

const GOLD_PAIRS = 20;
/** the password of every bench annotator */
export const BENCH_PASSWORD = 'bench-annotator-password';

export interface BenchData {
  campaign: { id: number; slug: string; items: number };
  /** API tokens of the annotators who work as scripts */
  tokens: string[];
  /** emails of the annotators who work in a browser (they sign in once the server runs) */
  sessionEmails: string[];
}

export interface DataOptions {
  pairs: number;
  annotators: number;
  /** how many of them work in a browser session rather than with a token */
  sessions: number;
  overlap: number;
  goldEvery: number;
}

export async function prepareData(url: string, o: DataOptions): Promise<BenchData> {
  const db = createPrismaClient(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(`Generating ${fmt(o.pairs)} pairs in one corpus …`);
    let t = performance.now();
    const corpus = await client.query<{ id: number; slug: string }>(
      `INSERT INTO "Corpus" ("name", "slug", "tier", "updatedAt") VALUES ('Generated ${o.pairs}', 'generated', 'SILVER', now()) RETURNING "id", "slug"`,
    );
    const corpusId = corpus.rows[0]!.id;
    for (const sql of generatePairsSql(corpusId, o.pairs)) await client.query(sql);
    await refreshCorpusSummary(db, corpusId);
    console.log(`  ${fmt((performance.now() - t) / 1000, 1)} s`);
    const tokenCount = o.annotators - o.sessions;
    console.log(
      `Creating ${fmt(o.annotators)} annotator accounts: ${fmt(tokenCount)} with API tokens, ${fmt(o.sessions)} who sign in as a browser …`,
    );
    await client.query(
      `INSERT INTO "User" ("email", "name", "role", "passwordHash", "updatedAt")
       SELECT 'bench-annotator-' || g || '@paralens.local', 'Bench annotator ' || g, 'ANNOTATOR', $1, now() FROM generate_series(1, ${o.annotators}) g`,
      [await hashPassword(BENCH_PASSWORD)],
    );
    const users = await client.query<{ id: number; email: string }>(
      `SELECT "id", "email" FROM "User" WHERE "email" LIKE 'bench-annotator-%' ORDER BY "id"`,
    );
    const tokens: string[] = [];
    for (const u of users.rows.slice(0, tokenCount)) tokens.push((await issueApiToken(db, u.id, 'bench', null)).token);
    console.log(
      `Creating the campaign: all ${fmt(o.pairs)} pairs, overlap ${o.overlap}, ${fmt(o.annotators)} members (seeded order in SQL) …`,
    );
    t = performance.now();
    const campaign = await createCampaign(
      db,
      {
        name: 'Bench campaign',
        corpora: [corpus.rows[0]!.slug],
        sample: { strategy: 'all', seed: 1 },
        questions: ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale'],
        overlap: o.overlap,
        goldEvery: o.goldEvery,
        randomiseOrder: true,
        members: users.rows.map((u) => u.email),
        holdMinutes: 30,
        status: 'active',
      },
      null,
    );
    console.log(`  ${fmt(campaign.items)} items in ${fmt((performance.now() - t) / 1000, 1)} s`);
    if (o.goldEvery > 0) {
      // gold pairs spread over the campaign (every 50,000th item), one in every goldEvery handed out
      const gold = await client.query<{ pairId: number }>(
        `SELECT "pairId" FROM "CampaignItem" WHERE "campaignId" = $1 AND "position" % 50000 = 7 ORDER BY "position" LIMIT ${GOLD_PAIRS}`,
        [campaign.id],
      );
      const pool = createSqlPool(url, 1);
      for (const g of gold.rows)
        await setGoldAnswer(pool, campaign.id, { pairId: g.pairId, answers: { semantic: 2 }, explanation: 'bench gold pair' });
      await pool.end();
      console.log(`  ${gold.rows.length} gold pairs, one in every ${o.goldEvery} handed out`);
    }
    await client.query('VACUUM ANALYZE');
    // Write the set-up's dirty pages out now: otherwise the checkpoint that follows the bulk writes
    // (gigabytes with 1,000,000 pairs) spreads its I/O over the first measured phases.
    await client.query('CHECKPOINT');
    return { campaign, tokens, sessionEmails: users.rows.slice(tokenCount).map((u) => u.email) };
  } finally {
    await client.end();
    await db.$disconnect();
  }
}

/**
 * Signs the browser annotators in through Auth.js's credentials endpoint (CSRF token, then the
 * form post, as a browser does), `concurrency` at a time, and opens the campaign once with each
 * session as the workbench does on load; returns their Cookie headers.
 */
export async function signInSessions(baseUrl: string, campaign: string, emails: string[], concurrency = 8): Promise<string[]> {
  if (emails.length === 0) return [];
  console.log(`Signing ${fmt(emails.length)} browser annotators in through /api/auth/callback/credentials …`);
  const t = performance.now();
  const cookies: string[] = new Array<string>(emails.length);
  let nextIndex = 0;
  const worker = async () => {
    for (let i = nextIndex++; i < emails.length; i = nextIndex++) {
      const cookie = await signInOverHttp(baseUrl, emails[i]!, BENCH_PASSWORD);
      const res = await fetch(`${baseUrl}/api/v1/campaigns/${campaign}`, {
        headers: { cookie, accept: 'application/json', 'sec-fetch-site': 'same-origin' },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${emails[i]}'s session could not open the campaign (status ${res.status})`);
      cookies[i] = cookie;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  console.log(`  ${fmt((performance.now() - t) / 1000, 1)} s`);
  return cookies;
}

/**
 * The rules of assignment, checked in SQL against what is stored (the concurrency tests and
 * `npm run bench:annotate` use it). Set-based, so it runs on a million items in seconds. Returns
 * the violations; none = an empty list.
 */
import type { Queryable } from '../sql-pool';

export interface InvariantOptions {
  /** submissionIds the server acknowledged: each must be stored exactly once, and nothing else */
  acknowledged?: readonly string[];
  /** everyone asked until nothing was left: no free slot may remain that some member never had */
  drained?: boolean;
}

const LIMIT = 20;

async function listed(db: Queryable, sql: string, campaignId: number): Promise<string[]> {
  const { rows } = await db.query<{ problem: string }>(`${sql} LIMIT ${LIMIT}`, [campaignId]);
  return rows.map((r) => r.problem);
}

export async function checkAssignmentInvariants(
  db: Queryable,
  campaignId: number,
  options: InvariantOptions = {},
): Promise<string[]> {
  const problems = [
    // answers plus live holds never exceed the overlap, and the counters agree with the rows (gold pairs have no counters)
    ...(await listed(
      db,
      `WITH answered AS (SELECT "pairId", count(*)::int AS n FROM "Annotation" WHERE "campaignId" = $1 GROUP BY "pairId"),
            held AS (SELECT "pairId", count(*)::int AS n FROM "Assignment" WHERE "campaignId" = $1 AND "status" = 'PENDING' GROUP BY "pairId")
       SELECT format('pair %s: %s answers + %s holds (counters %s + %s, open %s) for overlap %s', i."pairId", COALESCE(a.n, 0), COALESCE(h.n, 0), i."answers", i."holds", i."isOpen", c."overlap") AS problem
       FROM "CampaignItem" i JOIN "Campaign" c ON c."id" = i."campaignId"
       LEFT JOIN answered a ON a."pairId" = i."pairId" LEFT JOIN held h ON h."pairId" = i."pairId"
       WHERE i."campaignId" = $1 AND NOT i."isGold"
         AND (COALESCE(a.n, 0) + COALESCE(h.n, 0) > c."overlap" OR i."answers" <> COALESCE(a.n, 0) OR i."holds" <> COALESCE(h.n, 0)
              OR i."isOpen" <> (i."answers" + i."holds" < c."overlap"))`,
      campaignId,
    )),
    // gold pairs keep no counters and stay closed to the ordinary draw
    ...(await listed(
      db,
      `SELECT format('gold pair %s has counters %s + %s, open %s', "pairId", "answers", "holds", "isOpen") AS problem FROM "CampaignItem" WHERE "campaignId" = $1 AND "isGold" AND ("answers" <> 0 OR "holds" <> 0 OR "isOpen")`,
      campaignId,
    )),
    // one live hold per annotator
    ...(await listed(
      db,
      `SELECT format('user %s holds %s pairs at once', "userId", count(*)) AS problem FROM "Assignment" WHERE "campaignId" = $1 AND "status" = 'PENDING' GROUP BY "userId" HAVING count(*) > 1`,
      campaignId,
    )),
    // nobody answers a pair twice (also a unique index)
    ...(await listed(
      db,
      `SELECT format('user %s answered pair %s %s times', "annotatorId", "pairId", count(*)) AS problem FROM "Annotation" WHERE "campaignId" = $1 GROUP BY "annotatorId", "pairId" HAVING count(*) > 1`,
      campaignId,
    )),
  ];
  if (options.drained) {
    problems.push(
      ...(await listed(
        db,
        `SELECT format('pair %s has a free slot a member never got (starved)', i."pairId") AS problem FROM "CampaignItem" i
         WHERE i."campaignId" = $1 AND i."isOpen" AND NOT i."isGold"
           AND EXISTS (SELECT 1 FROM "CampaignMember" m WHERE m."campaignId" = $1 AND m."role" = 'ANNOTATOR'
                       AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."campaignId" = $1 AND a."pairId" = i."pairId" AND a."userId" = m."userId"))`,
        campaignId,
      )),
    );
  }
  if (options.acknowledged) problems.push(...(await checkAcknowledged(db, campaignId, options.acknowledged)));
  return problems;
}

/** Every acknowledged submission is stored exactly once (current or in the history), and nothing unacknowledged is. */
async function checkAcknowledged(db: Queryable, campaignId: number, acknowledged: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ submissionId: string; n: number }>(
    `SELECT s."submissionId", count(*)::int AS n FROM (
       SELECT "submissionId" FROM "Annotation" WHERE "campaignId" = $1
       UNION ALL SELECT r."submissionId" FROM "AnnotationRevision" r JOIN "Annotation" n ON n."id" = r."annotationId" WHERE n."campaignId" = $1) s
     GROUP BY s."submissionId"`,
    [campaignId],
  );
  const stored = new Map(rows.map((r) => [r.submissionId, r.n]));
  const wanted = new Set(acknowledged);
  const problems: string[] = [];
  for (const id of wanted)
    if (stored.get(id) !== 1) problems.push(`acknowledged submission ${id} is stored ${stored.get(id) ?? 0} times`);
  for (const id of stored.keys()) if (!wanted.has(id)) problems.push(`submission ${id} is stored but was never acknowledged`);
  return problems.slice(0, LIMIT);
}

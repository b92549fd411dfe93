/**
 * Writing labels collected elsewhere into a campaign (`paralens import-annotations`), all or
 * nothing in one transaction: match each row to a pair of the campaign's corpora (original id, or
 * the two texts exactly, in stored order), report every row that matches no pair or more than
 * one, and only when none is left create the annotators (pseudonymous accounts that cannot sign
 * in, one per annotator id of the file and campaign), add missing pairs to the campaign, store the
 * answers (a second import of the same file replaces them), recount the items and refresh the final
 * labels.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { pseudonymFromBytes } from '@/lib/annotation/pseudonym';
import { readStoredQuestions } from '@/lib/annotation/questions';
import { mapAnnotationRow, parseColumnMap, type AnnotationColumnMap, type AnnotationRow } from '@/lib/annotation/annotation-import';
import type { CampaignFileKind } from './campaign-file';
import { recountItemAnswers } from './counted-answers';
import { refreshFinalLabels } from './final-labels';
import { inTransaction, type Queryable, type SqlClient, type SqlPool } from './sql-pool';

export interface RowError {
  line: number;
  message: string;
}

export type ImportOutcome =
  | { ok: true; annotations: number; annotators: number; pairs: number; pairsAdded: number }
  | { ok: false; errors: RowError[] };

const textKey = (a: string, b: string) => `${a}\u001f${b}`;

/** Pair ids by original id or by text key, among the campaign's corpora (items of the campaign first). */
export async function matchPairs(db: Queryable, campaignId: number, rows: readonly AnnotationRow[]): Promise<Map<string, number[]>> {
  const ids = [...new Set(rows.flatMap((r) => ('originalId' in r.pair ? [r.pair.originalId] : [])))];
  const texts = rows.flatMap((r) => ('texts' in r.pair ? [r.pair.texts] : []));
  const { rows: found } = await db.query<{ key: string; ids: number[] }>(
    `WITH corpora AS (SELECT "corpusId" FROM "CampaignCorpus" WHERE "campaignId" = $1),
     wanted AS (SELECT a, b FROM unnest($3::text[], $4::text[]) AS w(a, b)),
     hits AS (
       SELECT p."originalId" AS key, p."id" FROM "Pair" p WHERE p."corpusId" IN (SELECT "corpusId" FROM corpora) AND p."originalId" = ANY($2::text[])
       UNION
       SELECT ta."content" || chr(31) || tb."content", p."id" FROM wanted w
       JOIN "Text" ta ON ta."content" = w.a AND ta."corpusId" IN (SELECT "corpusId" FROM corpora)
       JOIN "Pair" p ON p."textAId" = ta."id"
       JOIN "Text" tb ON tb."id" = p."textBId" AND tb."content" = w.b)
     SELECT h.key, array_agg(h."id" ORDER BY (i."id" IS NULL), h."id") AS ids
     FROM hits h LEFT JOIN "CampaignItem" i ON i."campaignId" = $1 AND i."pairId" = h."id"
     GROUP BY h.key`,
    [campaignId, ids, texts.map((t) => t[0]), texts.map((t) => t[1])],
  );
  return new Map(found.map((f) => [f.key, f.ids]));
}

/** Each row's pair, or what is wrong with it (no pair, several pairs, the same annotator twice). */
function resolveRows(rows: readonly AnnotationRow[], matches: Map<string, number[]>, inCampaign: Set<number>) {
  const errors: RowError[] = [];
  const resolved: Array<AnnotationRow & { pairId: number }> = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = 'originalId' in row.pair ? row.pair.originalId : textKey(...row.pair.texts);
    const what = 'originalId' in row.pair ? `the original id "${row.pair.originalId}"` : 'these two texts';
    const ids = matches.get(key) ?? [];
    const candidates = ids.some((id) => inCampaign.has(id)) ? ids.filter((id) => inCampaign.has(id)) : ids;
    if (candidates.length === 0) errors.push({ line: row.line, message: `no pair of the campaign's corpora has ${what}` });
    else if (candidates.length > 1) errors.push({ line: row.line, message: `${candidates.length} pairs have ${what} (pairs ${candidates.slice(0, 5).join(', ')}); match by another column` });
    else {
      const pairId = candidates[0]!;
      const twice = seen.get(`${pairId}|${row.annotator}`);
      if (twice !== undefined) errors.push({ line: row.line, message: `annotator "${row.annotator}" already labelled this pair on line ${twice}` });
      else {
        seen.set(`${pairId}|${row.annotator}`, row.line);
        resolved.push({ ...row, pairId });
      }
    }
  }
  return { errors, resolved };
}

/** One account per annotator id of the file (and campaign): inactive, pseudonymous, a member of the campaign. */
async function ensureAnnotators(client: SqlClient, campaignId: number, names: string[]): Promise<Map<string, number>> {
  const people = names.map((name) => ({
    name,
    email: `import-c${campaignId}-${createHash('sha256').update(name).digest('hex').slice(0, 20)}@import.paralens.invalid`,
    pseudonym: pseudonymFromBytes(randomBytes(6)),
  }));
  const { rows } = await client.query<{ id: number; email: string }>(
    `WITH p AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS p(name text, email text, pseudonym text)),
     made AS (
       INSERT INTO "User" ("email", "name", "role", "passwordHash", "isActive", "pseudonym", "updatedAt")
       SELECT p.email, 'Imported annotator ' || p.name, 'ANNOTATOR', '!imported', FALSE, p.pseudonym, now() FROM p
       ON CONFLICT ("email") DO NOTHING RETURNING "id", "email"),
     everyone AS (SELECT "id", "email" FROM made UNION SELECT u."id", u."email" FROM "User" u JOIN p ON p.email = u."email"),
     members AS (
       INSERT INTO "CampaignMember" ("campaignId", "userId", "role") SELECT $1, "id", 'ANNOTATOR' FROM everyone
       ON CONFLICT DO NOTHING)
     SELECT "id", "email" FROM everyone`,
    [campaignId, JSON.stringify(people)],
  );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return new Map(people.map((p) => [p.name, byEmail.get(p.email)!]));
}

async function writeAnswers(client: SqlClient, campaignId: number, rows: Array<AnnotationRow & { pairId: number }>, users: Map<string, number>): Promise<number> {
  const records = rows.map((r) => ({ p: r.pairId, u: users.get(r.annotator)!, a: r.answers }));
  const { rows: added } = await client.query<{ n: number }>(
    `WITH r AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(p int, u int, a jsonb)),
     items AS (
       INSERT INTO "CampaignItem" ("campaignId", "pairId", "position", "isOpen", "stratum")
       SELECT $1, n.p, (SELECT COALESCE(max("position"), 0) FROM "CampaignItem" WHERE "campaignId" = $1) + row_number() OVER (ORDER BY n.p), FALSE, 'imported'
       FROM (SELECT DISTINCT p FROM r) n
       WHERE NOT EXISTS (SELECT 1 FROM "CampaignItem" i WHERE i."campaignId" = $1 AND i."pairId" = n.p)
       RETURNING "id"),
     answers AS (
       INSERT INTO "Annotation" ("campaignId", "pairId", "annotatorId", "submissionId", "answers", "createdAt", "updatedAt")
       SELECT $1, r.p, r.u, 'import-' || $1 || '-' || r.p || '-' || r.u, r.a, now(), now() FROM r
       ON CONFLICT ("campaignId", "pairId", "annotatorId") DO UPDATE SET "answers" = EXCLUDED."answers", "updatedAt" = now())
     SELECT (SELECT count(*) FROM items)::int AS n`,
    [campaignId, JSON.stringify(records)],
  );
  // the items' answer counters, from the rows now stored (gold items keep none; excluded annotators' answers do not count)
  await recountItemAnswers(client, campaignId, [...new Set(rows.map((r) => r.pairId))]);
  return added[0]?.n ?? 0;
}

export async function importAnnotationRows(pool: SqlPool, campaignSlug: string, rows: readonly AnnotationRow[]): Promise<ImportOutcome> {
  return inTransaction(pool, async (client) => {
    const { rows: campaigns } = await client.query<{ id: number; questions: unknown }>(`SELECT "id", "questions" FROM "Campaign" WHERE "slug" = $1 FOR NO KEY UPDATE`, [campaignSlug]);
    const campaign = campaigns[0];
    if (!campaign) throw new AppError('NOT_FOUND', `No campaign has the slug "${campaignSlug}".`);
    const matches = await matchPairs(client, campaign.id, rows);
    const { rows: items } = await client.query<{ pairId: number }>(`SELECT "pairId" FROM "CampaignItem" WHERE "campaignId" = $1 AND "pairId" = ANY($2::int[])`, [campaign.id, [...new Set([...matches.values()].flat())]]);
    const { errors, resolved } = resolveRows(rows, matches, new Set(items.map((i) => i.pairId)));
    if (errors.length > 0) return { ok: false, errors };
    const users = await ensureAnnotators(client, campaign.id, [...new Set(resolved.map((r) => r.annotator))]);
    const pairsAdded = await writeAnswers(client, campaign.id, resolved, users);
    await refreshFinalLabels(client, campaign.id, readStoredQuestions(campaign.questions));
    return { ok: true, annotations: resolved.length, annotators: users.size, pairs: new Set(resolved.map((r) => r.pairId)).size, pairsAdded };
  });
}

/** The questions of a campaign by slug (to read the column map before the rows), or null. */
export async function findCampaignQuestions(db: Queryable, slug: string) {
  const { rows } = await db.query<{ id: number; questions: unknown }>(`SELECT "id", "questions" FROM "Campaign" WHERE "slug" = $1`, [slug]);
  return rows[0] ? { id: rows[0].id, questions: readStoredQuestions(rows[0].questions) } : null;
}

/** Labels collected elsewhere, for `paralens import-annotations` (lib/db/campaign-file.ts). */
export const annotationsFile: CampaignFileKind<AnnotationColumnMap, AnnotationRow> = {
  verb: 'imported',
  parseMap: parseColumnMap,
  mapRow: mapAnnotationRow,
  write: async (pool, slug, rows) => {
    const outcome = await importAnnotationRows(pool, slug, rows);
    if (!outcome.ok) return outcome;
    const { annotations, annotators, pairs, pairsAdded } = outcome;
    return { ok: true, summary: `Imported ${annotations} answers by ${annotators} annotators on ${pairs} pairs (${pairsAdded} added to the campaign).`, counts: { annotations, annotators, pairs, pairsAdded } };
  },
};

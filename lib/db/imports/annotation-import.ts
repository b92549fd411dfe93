/**
 * Writing labels collected elsewhere into a campaign (`paralens import-annotations`), all or
 * nothing in one transaction: match each row to a pair of the campaign's corpora (original id, or
 * the two texts exactly, in stored order), report every row that matches no pair or more than
 * one, and only when none is left create the annotators (pseudonymous accounts that cannot sign
 * in, one per annotator id of the file and campaign), add missing pairs to the campaign, store the
 * answers (a second import of the same file replaces them), recount the items and refresh the final
 * labels. With `addPairs` (a corpus slug), rows that match no pair first get one, created from their
 * texts in that corpus (or its "(reversed)" companion: lib/db/pairs/pair-additions.ts), in the same
 * transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors/app-error';
import { pseudonymFromBytes } from '@/lib/annotation/pseudonym';
import { readStoredQuestions } from '@/lib/annotation/questions';
import {
  mapAnnotationRow,
  parseColumnMap,
  type AnnotationColumnMap,
  type AnnotationRow,
} from '@/lib/annotation/annotation-import';
import type { CampaignFileKind, FileOptions } from '../campaigns/campaign-file';
import type { AddedPairsPreparer } from '@/lib/pair-rows/prepare-added-pairs';
import { recountItemAnswers } from '../campaigns/counted-answers';
import { pairKeysOf, planAddedPairs } from '@/lib/annotation/pair-additions';
import { importLimitsFromEnv } from '@/lib/import/limits';
import { refreshFinalLabels } from '../annotations/final-labels';
import { ensureReversedCorpus, findAdditionCorpora, insertAddedPairs, readOccupiedOrders } from '../pairs/pair-additions';
import { inTransaction, type Queryable, type SqlClient, type SqlPool } from '../sql-pool';

export interface RowError {
  line: number;
  message: string;
}

export type ImportOutcome =
  | { ok: true; annotations: number; annotators: number; pairs: number; pairsAdded: number; created: PairsCreated | null }
  | { ok: false; errors: RowError[] };

/** Pairs `addPairs` created, per corpus (the named one and its reversed companion). */
export interface PairsCreated {
  corpus: string;
  pairs: number;
  reversedCorpus: string | null;
  reversedPairs: number;
}

const textKey = (a: string, b: string) => `${a}\u001f${b}`;
const rowKey = (row: AnnotationRow) => ('originalId' in row.pair ? row.pair.originalId : textKey(...row.pair.texts));

/** Rows refused after the transaction began: thrown so that it rolls back, answered as an outcome. */
class RowsRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super(`${errors.length} rows refused`);
  }
}

/** Pair ids by original id or by text key, among the campaign's corpora and `alsoCorpora` (items of the campaign first). */
export async function matchPairs(
  db: Queryable,
  campaignId: number,
  rows: readonly AnnotationRow[],
  alsoCorpora: readonly number[] = [],
): Promise<Map<string, number[]>> {
  const ids = [...new Set(rows.flatMap((r) => ('originalId' in r.pair ? [r.pair.originalId] : [])))];
  const texts = rows.flatMap((r) => ('originalId' in r.pair ? [] : [r.pair.texts]));
  const { rows: found } = await db.query<{ key: string; ids: number[] }>(
    `WITH corpora AS (SELECT "corpusId" FROM "CampaignCorpus" WHERE "campaignId" = $1 UNION SELECT unnest($5::int[])),
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
    [campaignId, ids, texts.map((t) => t[0]), texts.map((t) => t[1]), alsoCorpora],
  );
  return new Map(found.map((f) => [f.key, f.ids]));
}

/** Each row's pair, or what is wrong with it (no pair, several pairs, the same annotator twice). */
function resolveRows(rows: readonly AnnotationRow[], matches: Map<string, number[]>, inCampaign: Set<number>) {
  const errors: RowError[] = [];
  const resolved: Array<AnnotationRow & { pairId: number }> = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = rowKey(row);
    const what = 'originalId' in row.pair ? `the original id "${row.pair.originalId}"` : 'these two texts';
    const ids = matches.get(key) ?? [];
    const candidates = ids.some((id) => inCampaign.has(id)) ? ids.filter((id) => inCampaign.has(id)) : ids;
    if (candidates.length === 0) errors.push({ line: row.line, message: `no pair of the campaign's corpora has ${what}` });
    else if (candidates.length > 1)
      errors.push({
        line: row.line,
        message: `${candidates.length} pairs have ${what} (pairs ${candidates.slice(0, 5).join(', ')}); match by another column`,
      });
    else {
      const pairId = candidates[0]!;
      const twice = seen.get(`${pairId}|${row.annotator}`);
      if (twice !== undefined)
        errors.push({ line: row.line, message: `annotator "${row.annotator}" already labelled this pair on line ${twice}` });
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

async function writeAnswers(
  client: SqlClient,
  campaignId: number,
  rows: Array<AnnotationRow & { pairId: number }>,
  users: Map<string, number>,
): Promise<number> {
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

/**
 * `addPairs`: the rows no pair matches get one in that corpus (checked and planned first, so a bad
 * row refuses the whole file), and the corpora that received pairs join the campaign.
 */
async function addMissingPairs(
  client: SqlClient,
  campaignId: number,
  slug: string,
  rows: readonly AnnotationRow[],
  prepare?: AddedPairsPreparer,
): Promise<PairsCreated> {
  const corpora = await findAdditionCorpora(client, slug);
  const ids = { main: corpora.main.id, ...(corpora.reversed ? { reversed: corpora.reversed.id } : {}) };
  const matches = await matchPairs(client, campaignId, rows, Object.values(ids));
  const unmatched = rows.filter((r) => !matches.has(rowKey(r)));
  const keys = await pairKeysOf(unmatched, () => new Promise((resolve) => setImmediate(resolve)));
  const occupied = await readOccupiedOrders(client, ids, keys);
  const plan = planAddedPairs(unmatched, occupied, importLimitsFromEnv(process.env), keys);
  if (plan.errors.length > 0) throw new RowsRefused(plan.errors);
  const reversedPairs = plan.pairs.filter((p) => p.target === 'reversed');
  const reversed =
    reversedPairs.length > 0 ? (corpora.reversed ?? (await ensureReversedCorpus(client, corpora.main))) : corpora.reversed;
  const created = await insertAddedPairs(
    client,
    corpora.main,
    plan.pairs.filter((p) => p.target === 'main'),
    prepare,
  );
  const createdReversed = reversed ? await insertAddedPairs(client, reversed, reversedPairs, prepare) : 0;
  const joining = [corpora.main.id, ...(reversed && createdReversed > 0 ? [reversed.id] : [])];
  await client.query(
    `INSERT INTO "CampaignCorpus" ("campaignId", "corpusId") SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [campaignId, joining],
  );
  return { corpus: corpora.main.slug, pairs: created, reversedCorpus: reversed?.slug ?? null, reversedPairs: createdReversed };
}

export async function importAnnotationRows(
  pool: SqlPool,
  campaignSlug: string,
  rows: readonly AnnotationRow[],
  options: FileOptions = {},
): Promise<ImportOutcome> {
  try {
    return await inTransaction(pool, async (client): Promise<ImportOutcome> => {
      const { rows: campaigns } = await client.query<{ id: number; questions: unknown }>(
        `SELECT "id", "questions" FROM "Campaign" WHERE "slug" = $1 FOR NO KEY UPDATE`,
        [campaignSlug],
      );
      const campaign = campaigns[0];
      if (!campaign) throw new AppError('NOT_FOUND', `No campaign has the slug "${campaignSlug}".`);
      const created = options.addPairs
        ? await addMissingPairs(client, campaign.id, options.addPairs, rows, options.preparePairs)
        : null;
      const matches = await matchPairs(client, campaign.id, rows);
      const { rows: items } = await client.query<{ pairId: number }>(
        `SELECT "pairId" FROM "CampaignItem" WHERE "campaignId" = $1 AND "pairId" = ANY($2::int[])`,
        [campaign.id, [...new Set([...matches.values()].flat())]],
      );
      const { errors, resolved } = resolveRows(rows, matches, new Set(items.map((i) => i.pairId)));
      if (errors.length > 0) throw new RowsRefused(errors);
      const users = await ensureAnnotators(client, campaign.id, [...new Set(resolved.map((r) => r.annotator))]);
      const pairsAdded = await writeAnswers(client, campaign.id, resolved, users);
      await refreshFinalLabels(client, campaign.id, readStoredQuestions(campaign.questions));
      return {
        ok: true,
        annotations: resolved.length,
        annotators: users.size,
        pairs: new Set(resolved.map((r) => r.pairId)).size,
        pairsAdded,
        created,
      };
    });
  } catch (error) {
    if (error instanceof RowsRefused) return { ok: false, errors: error.errors };
    throw error;
  }
}

/** The questions of a campaign by slug (to read the column map before the rows), or null. */
export async function findCampaignQuestions(db: Queryable, slug: string) {
  const { rows } = await db.query<{ id: number; questions: unknown }>(
    `SELECT "id", "questions" FROM "Campaign" WHERE "slug" = $1`,
    [slug],
  );
  return rows[0] ? { id: rows[0].id, questions: readStoredQuestions(rows[0].questions) } : null;
}

/** What an import with `--add-pairs` created, for its summary line. */
function describeCreated(created: PairsCreated): string {
  const reversed =
    created.reversedPairs > 0 ? ` and ${created.reversedPairs} in ${created.reversedCorpus} (the other direction)` : '';
  return ` Created ${created.pairs} pairs in ${created.corpus}${reversed}.`;
}

/** Labels collected elsewhere, for `paralens import-annotations` (lib/db/campaigns/campaign-file.ts). */
export const annotationsFile: CampaignFileKind<AnnotationColumnMap, AnnotationRow> = {
  verb: 'imported',
  parseMap: (spec, questions, options) => parseColumnMap(spec, questions, { needsTexts: options?.addPairs !== undefined }),
  mapRow: mapAnnotationRow,
  write: async (pool, slug, rows, options) => {
    const outcome = await importAnnotationRows(pool, slug, rows, options);
    if (!outcome.ok) return outcome;
    const { annotations, annotators, pairs, pairsAdded, created } = outcome;
    const summary = `Imported ${annotations} answers by ${annotators} annotators on ${pairs} pairs (${pairsAdded} added to the campaign).${created ? describeCreated(created) : ''}`;
    const counts = {
      annotations,
      annotators,
      pairs,
      pairsAdded,
      pairsCreated: created?.pairs ?? 0,
      pairsCreatedReversed: created?.reversedPairs ?? 0,
    };
    return { ok: true, summary, counts };
  },
};

/**
 * The FinalLabel table: the final answer per pair and question of a campaign (lib/labels/final-labels.ts
 * decides), kept up to date: a submission refreshes its pair inside its own transaction (after the
 * item row is locked, so two answers to the same pair cannot both miss each other), an
 * adjudication its pair, an exclusion or an import the whole campaign. Excluded annotators and gold
 * pairs are left out. The rules (open spread, tie rules) are the campaign's `qualitySettings`.
 */
import { decidePairFinal, hasFinalLabel, type FinalMethodName, type MedianTie, type PairFinal } from '@/lib/labels/final-labels';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import { finalRulesOf, readQualitySettings } from '@/lib/annotation/quality-settings';
import { inTransaction, preparedStatement, type Queryable, type SqlPool } from '../sql-pool';

interface PairAnswersRow {
  pairId: number;
  answers: Array<Record<string, unknown>>;
  adjudication: Record<string, unknown> | null;
  settings: unknown;
}

/** The counted answers and the adjudication of the campaign's non-gold pairs (`pairCondition`: one pair, or all). */
const pairAnswersSql = (pairCondition: string) => `
  SELECT i."pairId",
         COALESCE((SELECT json_agg(n."answers" ORDER BY n."id") FROM "Annotation" n
                   LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
                   WHERE n."campaignId" = i."campaignId" AND n."pairId" = i."pairId" AND NOT COALESCE(m."excluded", FALSE)), '[]'::json) AS answers,
         (SELECT d."answers" FROM "Adjudication" d WHERE d."campaignId" = i."campaignId" AND d."pairId" = i."pairId") AS adjudication,
         c."qualitySettings" AS settings
  FROM "CampaignItem" i JOIN "Campaign" c ON c."id" = i."campaignId"
  WHERE i."campaignId" = $1 AND NOT i."isGold" AND ${pairCondition}
    AND (EXISTS (SELECT 1 FROM "Annotation" n WHERE n."campaignId" = i."campaignId" AND n."pairId" = i."pairId")
         OR EXISTS (SELECT 1 FROM "Adjudication" d WHERE d."campaignId" = i."campaignId" AND d."pairId" = i."pairId"))`;

// Rows no longer decided are deleted, the others upserted: disjoint rows, so one statement is safe.
const writeFinalsSql = (pairCondition: string) => `
  WITH r AS (SELECT * FROM jsonb_to_recordset($3::jsonb) AS r(p int, q text, v jsonb, m text, mr text, n int)),
  gone AS (DELETE FROM "FinalLabel" f WHERE f."campaignId" = $1 AND ${pairCondition.replaceAll('i."pairId"', 'f."pairId"')}
           AND NOT EXISTS (SELECT 1 FROM r WHERE r.p = f."pairId" AND r.q = f."question"))
  INSERT INTO "FinalLabel" ("campaignId", "pairId", "question", "value", "method", "medianRule", "n", "updatedAt")
  SELECT $1, r.p, r.q, NULLIF(r.v, 'null'::jsonb), r.m::"FinalMethod", r.mr::"MedianRule", r.n, now() FROM r
  ON CONFLICT ("campaignId", "pairId", "question") DO UPDATE
    SET "value" = EXCLUDED."value", "method" = EXCLUDED."method", "medianRule" = EXCLUDED."medianRule", "n" = EXCLUDED."n", "updatedAt" = now()`;

/** One pair (the submit path: prepared once per connection) or the whole campaign ($2 unused but typed). */
const statements = {
  pair: {
    read: preparedStatement('final-pair-answers', pairAnswersSql('i."pairId" = $2')),
    write: preparedStatement('final-pair-write', writeFinalsSql('i."pairId" = $2')),
  },
  campaign: {
    read: (db: Queryable, values: unknown[]) => db.query<PairAnswersRow>(pairAnswersSql('$2::int IS NULL'), values),
    write: (db: Queryable, values: unknown[]) => db.query(writeFinalsSql('$2::int IS NULL'), values),
  },
};

/** The stored enum values are the method names in capitals (FinalMethod, MedianRule); reads lower them. */
const stored = (name: FinalMethodName | MedianTie) => name.toUpperCase();

/** A SQL list of the stored methods, e.g. for `"method" IN (…)`: `'TIE', 'SPREAD'`. */
export const sqlMethodList = (methods: readonly FinalMethodName[]) => methods.map((m) => `'${stored(m)}'`).join(', ');

function finalRows(finals: Array<{ pairId: number; final: PairFinal }>) {
  return finals.flatMap(({ pairId, final }) =>
    Object.entries(final.method).map(([question, method]) => {
      const rule = final.medianRule[question];
      return {
        p: pairId,
        q: question,
        v: final.answers[question] ?? null,
        m: stored(method),
        mr: rule ? stored(rule) : null,
        n: final.n,
      };
    }),
  );
}

/**
 * Recomputes the final labels of one pair ($pairId) or of the whole campaign. Call it inside the
 * transaction that changed the answers, after the pair's CampaignItem row is locked.
 */
export async function refreshFinalLabels(
  db: Queryable,
  campaignId: number,
  questions: readonly Question[],
  pairId: number | null = null,
): Promise<void> {
  if (!questions.some(hasFinalLabel)) return;
  const statement = pairId === null ? statements.campaign : statements.pair;
  const { rows } = await statement.read<PairAnswersRow>(db, [campaignId, pairId]);
  const rules = finalRulesOf(readQualitySettings(rows[0]?.settings));
  const finals = rows.map((r) => ({ pairId: r.pairId, final: decidePairFinal(questions, r.answers, r.adjudication, rules) }));
  await statement.write(db, [campaignId, pairId, JSON.stringify(finalRows(finals))]);
}

/** The same, reading the campaign's questions first (exclusions, imports, adjudications). */
export async function refreshCampaignFinalLabels(db: Queryable, campaignId: number, pairId: number | null = null): Promise<void> {
  const { rows } = await db.query<{ questions: unknown }>(`SELECT "questions" FROM "Campaign" WHERE "id" = $1`, [campaignId]);
  if (rows[0]) await refreshFinalLabels(db, campaignId, readStoredQuestions(rows[0].questions), pairId);
}

/**
 * Every campaign's final labels, recomputed: once after the migration that renamed the methods
 * (20261126140604_final_label_methods; lib/runtime/bootstrap.ts), one transaction per campaign.
 */
export async function refreshAllFinalLabels(pool: SqlPool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT "id" FROM "Campaign" WHERE EXISTS (SELECT 1 FROM "FinalLabel" f WHERE f."campaignId" = "Campaign"."id") ORDER BY "id"`,
  );
  for (const { id } of rows) {
    await inTransaction(pool, async (client) => {
      await client.query(`SELECT 1 FROM "Campaign" WHERE "id" = $1 FOR NO KEY UPDATE`, [id]);
      await refreshCampaignFinalLabels(client, id);
    });
  }
  return rows.length;
}

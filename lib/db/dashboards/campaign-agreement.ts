/**
 * Agreement of a campaign from the database: the questions it asks, each question's rating matrix
 * (lib/db/dashboards/campaign-ratings.ts: gold pairs and excluded annotators left out) and, for the
 * breakdowns, each pair's corpus, sampling stratum and measures. The coefficients are
 * lib/agreement's, chosen per question by lib/dashboards/question-agreement.ts.
 */
import { loadRatingMatrix } from './campaign-ratings';
import type { Queryable } from '../sql-pool';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import {
  agreementScheme,
  computeQuestionAgreements,
  type AgreementOptions,
  type AgreementScheme,
  type QuestionAgreement,
  type QuestionTableInput,
  type RatingTable,
} from '@/lib/dashboards/question-agreement';
import { measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import type { CampaignRef } from '@/lib/naming/campaign-ref';

export interface DashboardCampaign {
  id: number;
  slug: string;
  name: string;
  questions: Question[];
}

export async function findDashboardCampaign(db: Queryable, ref: CampaignRef): Promise<DashboardCampaign | null> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; questions: unknown }>(
    `SELECT "id", "slug", "name", "questions" FROM "Campaign" WHERE ${'id' in ref ? '"id" = $1' : '"slug" = $1'}`,
    ['id' in ref ? ref.id : ref.slug],
  );
  const row = rows[0];
  return row ? { id: row.id, slug: row.slug, name: row.name, questions: readStoredQuestions(row.questions) } : null;
}

export interface QuestionTable {
  question: Question;
  scheme: AgreementScheme;
  table: RatingTable;
}

/** The rating tables of every question agreement applies to (free text left out), in question order. */
export async function loadQuestionTables(db: Queryable, campaign: DashboardCampaign): Promise<QuestionTable[]> {
  const out: QuestionTable[] = [];
  for (const question of campaign.questions) {
    const scheme = agreementScheme(question);
    if (!scheme) continue;
    out.push({ question, scheme, table: await loadRatingMatrix(db, campaign.id, question.key) });
  }
  return out;
}

/** The rating tables as plain data for a computation elsewhere (the web server's compute worker). */
export async function loadQuestionTableInputs(db: Queryable, campaign: DashboardCampaign): Promise<QuestionTableInput[]> {
  return (await loadQuestionTables(db, campaign)).map((t) => ({ key: t.question.key, scheme: t.scheme, table: t.table }));
}

/**
 * Every question's coefficients, computed on the calling thread (the web server uses
 * lib/services/dashboards/load-campaign-dashboard.ts's campaignAgreement).
 */
export async function computeCampaignAgreement(
  db: Queryable,
  campaign: DashboardCampaign,
  options: AgreementOptions = {},
): Promise<Record<string, QuestionAgreement>> {
  return computeQuestionAgreements(await loadQuestionTableInputs(db, campaign), options);
}

export interface UnitFacets {
  corpus: string;
  stratum: string | null;
  measures: MeasureValues;
}

// Column names come from the fixed catalogue, never from input.
const measureColumns = measureKeys.map((k) => `p."${k}"`).join(', ');

/** Corpus, stratum and measures of the campaign's non-gold pairs, by pair id. */
export async function listUnitFacets(db: Queryable, campaignId: number): Promise<Map<number, UnitFacets>> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT i."pairId", c."name" AS corpus, i."stratum", ${measureColumns}
     FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId" JOIN "Corpus" c ON c."id" = p."corpusId"
     WHERE i."campaignId" = $1 AND NOT i."isGold"`,
    [campaignId],
  );
  return new Map(
    rows.map((r) => [
      Number(r.pairId),
      {
        corpus: String(r.corpus),
        stratum: typeof r.stratum === 'string' ? r.stratum : null,
        measures: Object.fromEntries(
          measureKeys.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])]),
        ) as MeasureValues,
      },
    ]),
  );
}

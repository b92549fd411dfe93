/**
 * Gold pairs from a file (`paralens gold`), all or nothing in one transaction: each row's pair is
 * found (Paralens id, original id or the two texts, as import-annotations matches them) and marked
 * through writeGoldAnswer, the code path of POST /api/v1/campaigns/{id}/gold; every row that fails
 * (no pair, several, twice in the file, outside the corpora, already handed out, answers that do not
 * fit) is reported with its line and nothing is written.
 */
import { AppError, isAppError } from '@/lib/errors/app-error';
import { readStoredQuestions } from '@/lib/annotation/questions';
import { mapGoldRow, parseGoldColumnMap, type GoldColumnMap, type GoldRow } from '@/lib/annotation/gold-import';
import type { AnnotationRow } from '@/lib/annotation/annotation-import';
import { matchPairs, type RowError } from './annotation-import';
import type { CampaignFileKind } from '../campaigns/campaign-file';
import { writeGoldAnswer } from '../campaigns/gold';
import { inTransaction, type SqlPool } from '../sql-pool';

export type GoldImportOutcome = { ok: true; created: number; replaced: number } | { ok: false; errors: RowError[] };

class RowsRejected extends Error {
  constructor(readonly errors: RowError[]) {
    super('rows rejected');
  }
}

export async function importGoldRows(pool: SqlPool, campaignSlug: string, rows: readonly GoldRow[]): Promise<GoldImportOutcome> {
  try {
    return await inTransaction(pool, async (client) => {
      const { rows: campaigns } = await client.query<{ id: number; questions: unknown }>(
        `SELECT "id", "questions" FROM "Campaign" WHERE "slug" = $1 FOR NO KEY UPDATE`,
        [campaignSlug],
      );
      const campaign = campaigns[0];
      if (!campaign) throw new AppError('NOT_FOUND', `No campaign has the slug "${campaignSlug}".`);
      const questions = readStoredQuestions(campaign.questions);
      const matchable = rows.flatMap((r): AnnotationRow[] =>
        'pairId' in r.pair ? [] : [{ line: r.line, pair: r.pair, annotator: '', answers: {} }],
      );
      const matches = await matchPairs(client, campaign.id, matchable);
      const { rows: items } = await client.query<{ pairId: number }>(
        `SELECT "pairId" FROM "CampaignItem" WHERE "campaignId" = $1`,
        [campaign.id],
      );
      const inCampaign = new Set(items.map((i) => i.pairId));
      const errors: RowError[] = [];
      const lineOf = new Map<number, number>();
      let created = 0;
      for (const row of rows) {
        let pairId: number;
        if ('pairId' in row.pair) pairId = row.pair.pairId;
        else {
          const ids = matches.get('originalId' in row.pair ? row.pair.originalId : row.pair.texts.join('\u001f')) ?? [];
          const candidates = ids.some((id) => inCampaign.has(id)) ? ids.filter((id) => inCampaign.has(id)) : ids;
          const what = 'originalId' in row.pair ? `the original id "${row.pair.originalId}"` : 'these two texts';
          if (candidates.length !== 1) {
            errors.push({
              line: row.line,
              message:
                candidates.length === 0
                  ? `no pair of the campaign's corpora has ${what}`
                  : `${candidates.length} pairs have ${what} (pairs ${candidates.slice(0, 5).join(', ')}); match by another column`,
            });
            continue;
          }
          pairId = candidates[0]!;
        }
        const earlier = lineOf.get(pairId);
        if (earlier !== undefined) {
          errors.push({ line: row.line, message: `pair ${pairId} is already on line ${earlier}` });
          continue;
        }
        lineOf.set(pairId, row.line);
        try {
          const saved = await writeGoldAnswer(client, campaign.id, questions, {
            pairId,
            answers: row.answers,
            explanation: row.explanation,
          });
          if (saved.created) created += 1;
        } catch (error) {
          if (!isAppError(error)) throw error;
          errors.push({ line: row.line, message: `pair ${pairId}: ${error.message}` });
        }
      }
      if (errors.length > 0) throw new RowsRejected(errors);
      return { ok: true as const, created, replaced: rows.length - created };
    });
  } catch (error) {
    if (error instanceof RowsRejected) return { ok: false, errors: error.errors };
    throw error;
  }
}

/** Gold pairs from a file, for `paralens gold` and POST /api/v1/campaigns/{id}/gold/file (lib/db/campaigns/campaign-file.ts). */
export const goldFile: CampaignFileKind<GoldColumnMap, GoldRow> = {
  verb: 'marked',
  parseMap: parseGoldColumnMap,
  mapRow: mapGoldRow,
  write: async (pool, slug, rows) => {
    const outcome = await importGoldRows(pool, slug, rows);
    if (!outcome.ok) return outcome;
    const { created, replaced } = outcome;
    return {
      ok: true,
      summary: `Marked ${rows.length} gold pair${rows.length === 1 ? '' : 's'} (${created} new, ${replaced} replaced).`,
      counts: { marked: rows.length, created, replaced },
    };
  },
};

/**
 * Changing a campaign's quality settings (lib/annotation/quality-settings.ts) from its page: the
 * gold accuracy is computed when read, so it follows at once; the final labels are recomputed for
 * the whole campaign in the same transaction (the open spread may have changed).
 */
import { AppError } from '@/lib/errors/app-error';
import { readStoredQuestions } from '@/lib/annotation/questions';
import {
  checkQualitySettings,
  readQualitySettings,
  voteRuleMismatch,
  type QualitySettings,
} from '@/lib/annotation/quality-settings';
import { refreshFinalLabels } from '../annotations/final-labels';
import { applyQualityGate } from './quality-gate';
import { inTransaction, type Queryable, type SqlPool } from '../sql-pool';

/** The campaign's settings (defaults for anything not stored), or null for no such campaign. */
export async function readCampaignQualitySettings(db: Queryable, campaignId: number): Promise<QualitySettings | null> {
  const { rows } = await db.query<{ settings: unknown }>(`SELECT "qualitySettings" AS settings FROM "Campaign" WHERE "id" = $1`, [
    campaignId,
  ]);
  return rows[0] ? readQualitySettings(rows[0].settings) : null;
}

/** Saves the settings and recomputes the final labels; then runs the quality gate over every annotator. */
export async function updateQualitySettings(
  pool: SqlPool,
  campaignId: number,
  settings: QualitySettings,
): Promise<QualitySettings> {
  const saved = await saveQualitySettings(pool, campaignId, settings);
  await applyQualityGate(pool, campaignId);
  return saved;
}

async function saveQualitySettings(pool: SqlPool, campaignId: number, settings: QualitySettings): Promise<QualitySettings> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ questions: unknown; overlap: number }>(
      `SELECT "questions", "overlap" FROM "Campaign" WHERE "id" = $1 FOR NO KEY UPDATE`,
      [campaignId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', 'No such campaign.');
    const questions = readStoredQuestions(rows[0].questions);
    const errors = checkQualitySettings(questions, settings);
    if (errors.length > 0)
      throw new AppError('INVALID_INPUT', `Quality settings: ${errors.join('; ')}`, {
        fields: { goldQuestions: errors.join('; ') },
      });
    const mismatch = voteRuleMismatch(settings, rows[0].overlap);
    if (mismatch) throw new AppError('INVALID_INPUT', `Vote rule: ${mismatch}`, { fields: { yesNoRule: mismatch } });
    await client.query(`UPDATE "Campaign" SET "qualitySettings" = $2::jsonb, "updatedAt" = now() WHERE "id" = $1`, [
      campaignId,
      JSON.stringify(settings),
    ]);
    await refreshFinalLabels(client, campaignId, questions);
    return settings;
  });
}

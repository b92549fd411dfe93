/**
 * Submitting an answer (`POST /api/v1/campaigns/{id}/annotations`): one transaction per submission.
 * Lock the caller's membership (releasing expired holds), lock the caller's assignment for the pair
 * and read what is stored, decide (lib/annotation/submission.ts), then one write statement
 * (lib/db/annotations/annotations.ts). A submissionId is unique among current annotations and their
 * revisions, so a retry finds its stored row instead of writing a second; an edit must name the
 * version it changes; a late answer takes a slot only while one is free, so answers + live holds
 * never exceed the overlap. A gold pair's answer is graded and the grade returned; with the quality
 * gate on, the gate runs for the pair's annotators once the answer is stored.
 */
import { AppError } from '@/lib/errors/app-error';
import { answersInOrder, checkAnswers, type Answers } from '@/lib/annotation/questions';
import { invalidAnswersError } from '@/lib/annotation/partial-answers';
import { gradeGoldAnswer } from '@/lib/annotation/quality-settings';
import { gateIsOn } from '@/lib/annotation/quality-gate';
import { decideSubmission, refusalMessages } from '@/lib/annotation/submission';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import {
  insertAnswer,
  isUniqueViolation,
  listPairAnnotators,
  lockItemForEdit,
  readSubmissionState,
  updateAnswer,
  type AnnotationRow,
  type GoldFeedback,
  type StoredAnnotation,
  type SubmissionInput,
  type SubmissionState,
} from '@/lib/db/annotations/annotations';
import { refreshFinalLabels } from '@/lib/db/annotations/final-labels';
import { applyQualityGate } from '@/lib/db/campaigns/quality-gate';
import { lockMembership, type MemberCampaign } from '@/lib/db/campaigns/campaign-membership';
import { inTransaction, type SqlPool } from '@/lib/db/sql-pool';

export type { GoldFeedback, StoredAnnotation, SubmissionInput };

function toStored(campaign: MemberCampaign, pairId: number, swapped: boolean, row: AnnotationRow): StoredAnnotation {
  return {
    pairId,
    submissionId: row.submissionId,
    version: row.version,
    answers: answersInOrder(campaign.questions, row.answers, swapped),
    storedAnswers: row.answers,
    durationMs: row.durationMs,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function checkedAnswers(campaign: MemberCampaign, raw: unknown, swapped: boolean): Answers {
  const checked = checkAnswers(campaign.questions, raw);
  if (!checked.ok) throw invalidAnswersError(checked.errors);
  return answersInOrder(campaign.questions, checked.answers, swapped);
}

/** On a gold pair, whether the stored answer was right, and on a miss the expected answers (as shown) and the explanation. */
function withGold(campaign: MemberCampaign, state: SubmissionState, stored: StoredAnnotation): StoredAnnotation {
  if (!state.gold) return stored;
  const { correct, expected } = gradeGoldAnswer(
    campaign.questions,
    campaign.qualitySettings,
    state.gold.answers,
    stored.storedAnswers,
  );
  const gold: GoldFeedback = correct
    ? { correct }
    : { correct, expected: answersInOrder(campaign.questions, expected, state.swapped), explanation: state.gold.explanation };
  return { ...stored, gold };
}

export async function submitAnswer(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  input: SubmissionInput,
): Promise<{ created: boolean; annotation: StoredAnnotation }> {
  const gate: { campaignId?: number } = {};
  const stored = await storeAnswer(pool, ref, userId, input, (campaign) => {
    if (gateIsOn(campaign.qualitySettings)) gate.campaignId = campaign.id;
  });
  if (gate.campaignId !== undefined) await gateAfterSubmission(pool, gate.campaignId, input.pairId);
  return stored;
}

/**
 * The quality gate for the annotators of the pair just answered. The answer is already
 * stored and acknowledged: a gate that fails (a deadlock with another submission, say) is logged
 * and runs again at the pair's next answer.
 */
async function gateAfterSubmission(pool: SqlPool, campaignId: number, pairId: number): Promise<void> {
  try {
    await applyQualityGate(pool, campaignId, await listPairAnnotators(pool, campaignId, pairId));
  } catch (error) {
    console.error('[quality gate] could not run after a submission; it runs again at the next one', error);
  }
}

async function storeAnswer(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  input: SubmissionInput,
  seen: (campaign: MemberCampaign) => void,
): Promise<{ created: boolean; annotation: StoredAnnotation }> {
  try {
    return await inTransaction(pool, async (client) => {
      const campaign = await lockMembership(client, ref, userId);
      seen(campaign);
      const state = await readSubmissionState(client, campaign.id, userId, input);
      const decision = decideSubmission({
        assignment: state?.status ?? null,
        annotation: state?.annotation ?? null,
        seen: state?.seen ?? null,
        isActive: campaign.status === 'ACTIVE',
        baseVersion: input.baseVersion,
      });
      if (decision.kind === 'refuse') {
        const current =
          decision.reason === 'stale' && state?.annotation
            ? { current: toStored(campaign, input.pairId, state.swapped, state.annotation) }
            : undefined;
        throw new AppError(decision.status === 404 ? 'NOT_FOUND' : 'CONFLICT', refusalMessages[decision.reason], current);
      }
      const s = state!;
      if (decision.kind === 'replay')
        return { created: false, annotation: withGold(campaign, s, toStored(campaign, input.pairId, s.swapped, s.annotation!)) };
      const answers = checkedAnswers(campaign, input.answers, s.swapped);
      let row: AnnotationRow | null;
      if (decision.kind === 'edit') {
        if (!s.gold) await lockItemForEdit(client, campaign.id, input.pairId);
        row = await updateAnswer(client, campaign, userId, s.annotation!, input, answers);
      } else {
        row = await insertAnswer(client, campaign, userId, s, input, answers, decision.kind === 'create-late');
        if (!row) throw new AppError('CONFLICT', refusalMessages.reassigned);
      }
      // The item row is locked now (the insert changed its counters, or lockItemForEdit): answers to the pair are serialised.
      if (!s.gold) await refreshFinalLabels(client, campaign.id, campaign.questions, input.pairId);
      return {
        created: decision.kind !== 'edit',
        annotation: withGold(campaign, s, toStored(campaign, input.pairId, s.swapped, row)),
      };
    });
  } catch (error) {
    // Another annotator's submission with the same id won the race for the unique index.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', refusalMessages['submission-reused']);
    throw error;
  }
}

/**
 * GET /api/v1/campaigns/{id}/compare and the comparison dashboard: the campaign and the other side
 * named by `with` resolved (a 404 for a campaign that does not exist, a 400 for a question that does
 * not fit), the counts read in SQL, the comparison computed (lib/dashboards/label-comparison.ts).
 */
import { AppError } from '@/lib/errors/app-error';
import { countLabelPairs, type CompareWith } from '@/lib/db/dashboards/label-comparison';
import { getSqlPool } from '@/lib/db/sql-pool';
import type { DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { compareLabelSets, questionCategories, type LabelComparison } from '@/lib/dashboards/label-comparison';
import { parseLabelSource } from '@/lib/dashboards/judgement-analysis';
import type { Question } from '@/lib/annotation/questions';
import { requireDashboardCampaign } from './dashboard-campaign';

function comparableQuestion(campaign: DashboardCampaign, key: string, field: string) {
  const question = campaign.questions.find((q) => q.key === key);
  if (!question || question.type === 'text') {
    const keys = campaign.questions.filter((q) => q.type !== 'text').map((q) => q.key);
    throw new AppError('INVALID_INPUT', `${campaign.name} has no labelled question "${key}".`, {
      fields: { [field]: `one of ${keys.join(', ')}` },
    });
  }
  return question;
}

/**
 * The question and the other side a comparison names: a 404 for a campaign that does not exist, a
 * 400 for a question that does not fit.
 */
export async function resolveComparison(
  campaign: DashboardCampaign,
  questionKey: string,
  withLabel: string,
): Promise<{ question: Question; other: CompareWith; otherName: string }> {
  const question = comparableQuestion(campaign, questionKey, 'question');
  const source = parseLabelSource(withLabel);
  if (!source)
    return {
      question,
      other: { kind: 'source', field: question.type === 'boolean' ? 'referenceIsParaphrase' : 'referenceLabel' },
      otherName: "the corpus's own label",
    };
  const otherCampaign = await requireDashboardCampaign(source.campaign);
  const otherQuestion = comparableQuestion(otherCampaign, source.question, 'with');
  return {
    question,
    other: { kind: 'campaign', campaignId: otherCampaign.id, question: otherQuestion.key },
    otherName: `${otherCampaign.name}: ${otherQuestion.label}`,
  };
}

export async function compareCampaignLabels(
  campaign: DashboardCampaign,
  questionKey: string,
  withLabel: string,
): Promise<LabelComparison> {
  const { question, other } = await resolveComparison(campaign, questionKey, withLabel);
  const counts = await countLabelPairs(getSqlPool(), campaign.id, question.key, other);
  return compareLabelSets(
    counts,
    questionCategories(question),
    question.type === 'boolean' ? { positive: 'yes', negative: 'no' } : undefined,
  );
}

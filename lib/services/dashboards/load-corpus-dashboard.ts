/** The corpus a dashboard route names, and the binary judgement a threshold analysis reads, or a 404. */
import { AppError } from '@/lib/errors/app-error';
import { database } from '@/lib/db/database';
import { getCorpusBySlug, type CorpusSummary } from '@/lib/db/corpora/corpora';
import { findDashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import type { BinaryJudgement } from '@/lib/db/dashboards/corpus-judgements';
import { parseLabelSource } from '@/lib/dashboards/judgement-analysis';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';

export async function requireCorpus(slug: string): Promise<CorpusSummary> {
  const corpus = await getCorpusBySlug(database(), slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'No such corpus.');
  return corpus;
}

/** `source` (the corpus's own labels) or `campaign:{id or slug}:{question}`: a yes/no question of that campaign. */
export async function resolveBinaryJudgement(label: string): Promise<BinaryJudgement> {
  const source = parseLabelSource(label);
  if (!source) return { kind: 'reference' };
  const campaign = await findDashboardCampaign(database(), parseCampaignRef(source.campaign));
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  const question = campaign.questions.find((q) => q.key === source.question);
  if (!question) throw new AppError('NOT_FOUND', `The campaign has no question "${source.question}".`);
  if (question.type !== 'boolean')
    throw new AppError('INVALID_INPUT', `"${source.question}" is not a yes/no question; a threshold analysis needs one.`);
  return { kind: 'campaign', campaignId: campaign.id, question: question.key };
}

/** Shared by the comparison page and its pairs page: the question and the other side from the URL, resolved (an AppError for ones that do not fit). */
import { z } from 'zod';
import type { DashboardCampaign } from '@/lib/db/campaign-agreement';
import { compareQuery } from '@/lib/api/contracts/label-comparison';

export const comparisonSearch = z.object({
  question: compareQuery.shape.question.optional().catch(undefined),
  with: compareQuery.shape.with.catch('source').default('source'),
});

/** The question a comparison opens on: the first yes/no one, else the first that is not free text. */
export function defaultQuestion(campaign: DashboardCampaign): string | undefined {
  return (campaign.questions.find((q) => q.type === 'boolean') ?? campaign.questions.find((q) => q.type !== 'text'))?.key;
}

export function comparisonQuery(question: string, withLabel: string, more: Record<string, string> = {}): string {
  return new URLSearchParams({ question, with: withLabel, ...more }).toString();
}

/**
 * Shared by the comparison page and its pairs page: the question and the other side from the URL,
 * resolved (an AppError for ones that do not fit).
 */
import { z } from 'zod';
import { compareQuery } from '@/lib/api/contracts/label-comparison';

export const comparisonSearch = z.object({
  question: compareQuery.shape.question.optional().catch(undefined),
  with: compareQuery.shape.with.catch('source').default('source'),
});

export function comparisonQuery(question: string, withLabel: string, more: Record<string, string> = {}): string {
  return new URLSearchParams({ question, with: withLabel, ...more }).toString();
}

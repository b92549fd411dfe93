/**
 * Shared by the comparison page and its pairs page: the question, the other side and the mapping from
 * the URL, resolved (an AppError for ones that do not fit).
 */
import { z } from 'zod';
import { compareQuery } from '@/lib/api/contracts/label-comparison';

export const comparisonSearch = z.object({
  question: compareQuery.shape.question.optional().catch(undefined),
  with: compareQuery.shape.with.catch('source').default('source'),
  map: z.string().max(2000).optional().catch(undefined),
});

export function comparisonQuery(question: string, withLabel: string, more: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ question, with: withLabel });
  for (const [k, v] of Object.entries(more)) if (v !== undefined && v !== '') params.set(k, v);
  return params.toString();
}

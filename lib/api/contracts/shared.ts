/** Schemas several contracts share: ids, questions, answers. */
import { z } from 'zod';
import { BUILT_IN_QUESTION_KEYS } from '@/lib/annotation/questions';
import { RELATIONS } from '@/lib/annotation/relations';
import { dbIdText } from '../db-numbers';

export const idOrSlugParams = z.object({ id: z.string().min(1).max(200).describe('numeric id or slug') });
export const idParams = z.object({ id: dbIdText });

export const optionSchema = z.object({ value: z.string().min(1).max(100), label: z.string().max(200) });
const conditionSchema = z.object({
  question: z.string(),
  values: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1),
});

export const questionInputSchema = z.union([
  z.string().describe(`a built-in question: ${BUILT_IN_QUESTION_KEYS.join(', ')}`),
  z
    .object({
      key: z.string().min(1).max(40),
      type: z.literal('choice').optional(),
      label: z.string().max(200).optional(),
      required: z.boolean().optional(),
      options: z
        .array(z.union([z.string().min(1).max(100), optionSchema]))
        .max(50)
        .optional(),
      level: z.enum(['nominal', 'ordinal']).optional(),
      requiredWhen: z.array(conditionSchema).optional(),
    })
    .strict(),
]);

export const questionSchema = z
  .object({
    key: z.string(),
    type: z.enum(['likert', 'boolean', 'relation', 'text', 'choice']),
    label: z.string(),
    required: z.boolean(),
    options: z.array(optionSchema).optional(),
    level: z.enum(['nominal', 'ordinal']).optional(),
    requiredWhen: z.array(conditionSchema).optional(),
    maxLength: z.number().int().optional(),
  })
  .meta({ id: 'Question' });

export const answerValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export const answersSchema = z
  .record(z.string(), answerValueSchema)
  .describe(
    `answers by question key: semantic/syntactic 0-4, paraphraseLoose/paraphraseStrict true|false, relation ${RELATIONS.join('|')}, rationale text, custom questions one of their options`,
  );

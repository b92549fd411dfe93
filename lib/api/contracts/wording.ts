/**
 * Correcting a campaign's guidelines and question wording after launch (lib/annotation/wording.ts):
 * each save is a new version; the options, scale and required settings stay as they are once an
 * answer exists (409 says why). Researchers and admins, like every change to a campaign.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { conflict, notFound, standardErrors } from '../error-body';
import { idOrSlugParams, optionSchema, questionSchema } from './shared';

const editedQuestion = questionSchema.extend({
  key: z.string().min(1).max(40),
  label: z.string().max(200),
  options: z.array(optionSchema).max(50).optional(),
});

export const editWordingContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/campaigns/{id}/wording',
  summary: "Correct a campaign's guidelines and question wording: a new version, shown to annotators from their next pair",
  description:
    'Send the guidelines and all questions (as `GET /api/v1/campaigns/{id}` gives them) with the labels changed. Labels of questions and options are wording; keys, types, option values and their order, levels, `required`, `requiredWhen` and `maxLength` are meaning, which can change only while the campaign has no answers (gold answers count).',
  tags: ['campaigns'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  body: z
    .object({
      basedOn: z
        .number()
        .int()
        .min(1)
        .describe('the wording version the edit starts from (`wordingVersion`); another number: 409, someone saved meanwhile'),
      guidelines: z.string().max(100_000).describe('Markdown'),
      questions: z.array(editedQuestion).min(1).max(50),
    })
    .strict(),
  responses: {
    200: {
      description: 'Saved (`changes` empty and the version unchanged when nothing differed)',
      schema: z.object({
        slug: z.string(),
        version: z.number().int(),
        changes: z.array(z.string()).describe('e.g. "guidelines", "semantic: label", "nli: label of entail"'),
      }),
    },
    ...standardErrors,
    404: notFound('The campaign'),
    409: conflict(
      'The meaning of a question would change although answers exist, or another edit was saved first; nothing was saved',
    ),
  },
});

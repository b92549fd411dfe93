/**
 * Annotation quality: gold pairs with expected answers, adjudications
 * of open pairs, and the final labels as JSON Lines (docs/quality.md).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { dbId } from '../db-numbers';
import { apiErrorSchema, conflict, notFound, standardErrors } from '../error-body';
import { answersSchema, idOrSlugParams } from './shared';
import { ANNOTATION_FILE_FORMATS } from '@/lib/import/annotation-format';
import { FINAL_METHODS, MEDIAN_RULES } from '@/lib/labels/final-labels';

const invalidAnswers = {
  description: 'The body is malformed, or answers do not fit the campaign’s questions (`error.fields` names each one)',
  schema: apiErrorSchema,
} as const;

export const setGoldContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/gold',
  summary: 'Mark a pair as a hidden gold (test) pair with its expected answers and an explanation',
  description:
    'The pair must belong to one of the campaign’s corpora; it joins the campaign if it was not in it. The questions given in `answers` are the ones that count towards accuracy (Likert within one point). `next` hands one gold pair out in every `goldEvery`, each annotator gets each gold pair once, and gold pairs never count towards the overlap. A pair already handed out as an ordinary pair cannot become gold (409). Posting again for the same pair replaces its answers (200).',
  tags: ['quality'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  body: z
    .object({
      pairId: dbId,
      answers: answersSchema.describe('expected answers, relations in the stored order (a, b)'),
      explanation: z.string().trim().min(1).max(4000),
    })
    .strict(),
  responses: {
    201: {
      description: 'Marked as gold',
      schema: z.object({ pairId: z.number().int(), answers: answersSchema, explanation: z.string() }),
    },
    200: {
      description: 'Its gold answer replaced',
      schema: z.object({ pairId: z.number().int(), answers: answersSchema, explanation: z.string() }),
    },
    ...standardErrors,
    400: invalidAnswers,
    404: notFound('The campaign, or the pair in its corpora'),
    409: conflict('The pair was already handed out as an ordinary pair'),
  },
});

/** A campaign's file as text, with the column map and value translations of its command. */
const campaignFileBody = z.object({
  format: z.enum(ANNOTATION_FILE_FORMATS),
  map: z.string().trim().min(1).max(2000),
  values: z.array(z.string().trim().min(1).max(2000)).max(50).default([]),
  content: z.string().min(1).max(5_000_000).describe('the file’s text (UTF-8), at most 5 million characters'),
});

export const importGoldFileContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/gold/file',
  summary: 'Mark gold pairs from a file (CSV, TSV or JSON Lines), all or nothing',
  description:
    'The file’s text with the column map of `paralens gold` (`id=COL`, `pair=COL` or `a=COL,b=COL`; `explanation=COL`; `QUESTION=COL` per expected answer) and optional value translations (`relation:E=equivalence`). Each row is marked as `POST …/gold` would mark it. When any row cannot be read, mapped or matched, nothing is written and the answer lists every such row in `error.fields` as `line N` (the first 100).',
  tags: ['quality'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  body: campaignFileBody.strict(),
  responses: {
    200: {
      description: 'Every row marked',
      schema: z.object({ marked: z.number().int(), created: z.number().int(), replaced: z.number().int(), summary: z.string() }),
    },
    ...standardErrors,
    400: {
      description:
        'A malformed body, a column map or value translation that does not fit the campaign, or rows that cannot be marked (`error.fields`: `line N` → what is wrong); nothing was written',
      schema: apiErrorSchema,
    },
    404: notFound('The campaign'),
  },
});

export const importAnnotationFileContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/annotations/file',
  summary: 'Import labels collected elsewhere from a file (CSV, TSV or JSON Lines), all or nothing',
  description:
    'What `paralens import-annotations` does, on the file’s text: the column map (`pair=COL` or `a=COL,b=COL`, `annotator=COL`, `QUESTION=COL`), optional value translations, and `addPairs`, a corpus slug where the pairs no corpus of the campaign holds are created from the `a` and `b` texts (a pair that corpus holds the other way round goes to `<slug>-reversed`, so direction-dependent labels stay on their order). Each annotator id becomes a pseudonymous account that cannot sign in; the final labels are recomputed. When any row cannot be read, mapped, matched or given a pair, nothing is written and `error.fields` lists each such row as `line N` (the first 100).',
  tags: ['quality'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  body: campaignFileBody
    .extend({
      addPairs: z.string().trim().min(1).max(200).optional().describe('slug of the corpus where missing pairs are created'),
    })
    .strict(),
  responses: {
    200: {
      description: 'Every row imported',
      schema: z.object({
        annotations: z.number().int(),
        annotators: z.number().int(),
        pairs: z.number().int(),
        pairsAdded: z.number().int().describe('pairs that joined the campaign'),
        pairsCreated: z.number().int().describe('pairs created in the `addPairs` corpus'),
        pairsCreatedReversed: z.number().int().describe('pairs created in its `-reversed` companion'),
        summary: z.string(),
      }),
    },
    ...standardErrors,
    400: {
      description:
        'A malformed body, a column map, value translation or `addPairs` corpus that does not fit, or rows that cannot be imported (`error.fields`: `line N` → what is wrong); nothing was written',
      schema: apiErrorSchema,
    },
    404: notFound('The campaign'),
  },
});

export const adjudicateContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/adjudications',
  summary: 'Decide the final answers of a pair (researchers, admins, or members with the adjudicator role)',
  description:
    'Only the questions given are decided by the adjudicator; the others keep their result (unanimous, majority, median, or left open: tie, spread, unanswered). Posting again replaces the decision (200).',
  tags: ['quality'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  params: idOrSlugParams,
  body: z
    .object({
      pairId: dbId,
      answers: answersSchema.describe('relations in the stored order (a, b)'),
      note: z.string().trim().max(4000).optional(),
    })
    .strict(),
  responses: {
    201: {
      description: 'Adjudicated',
      schema: z.object({ pairId: z.number().int(), answers: answersSchema, note: z.string().nullable() }),
    },
    200: {
      description: 'The earlier decision replaced',
      schema: z.object({ pairId: z.number().int(), answers: answersSchema, note: z.string().nullable() }),
    },
    ...standardErrors,
    400: invalidAnswers,
    404: notFound('The campaign (or the caller may not adjudicate it), or the pair among its non-gold pairs'),
  },
});

export const finalLineSchema = z.object({
  pairId: z.number().int(),
  answers: answersSchema.describe('final answers of the decided questions; relations in the stored order (a, b)'),
  method: z
    .record(z.string(), z.enum(FINAL_METHODS))
    .describe(
      'how each labelled question was decided: `unanimous`; `majority` (a nominal or yes/no answer with a strict plurality); `median` (ordered answers, or a yes/no 50/50 split decided by the campaign’s rule); `adjudicated`; left open: `tie` (an exact tie), `spread` (ordered answers too far apart), `unanswered` (no answer counted)',
    ),
  medianRule: z
    .record(z.string(), z.enum(MEDIAN_RULES))
    .describe(
      'for `median` questions whose two middle answers (an even count) differed: the one taken under the campaign’s tie rule; a yes/no 50/50 split: `upper` = yes, `lower` = no',
    ),
  n: z.number().int().describe('answers counted (excluded annotators left out)'),
});

export const finalLabelsContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/final',
  summary: 'The final labels: one JSON line per campaign pair (gold pairs left out)',
  tags: ['quality'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  responses: {
    200: { description: 'One JSON object per line, in item order', schema: finalLineSchema, contentType: 'application/x-ndjson' },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

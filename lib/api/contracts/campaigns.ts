/** Campaign contracts: create a campaign; read one (its questions, guidelines and the caller's progress). */
import { z } from 'zod';
import { defineContract } from '../contract';
import { dbInt } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../error-body';
import { idOrSlugParams, questionInputSchema, questionSchema } from './shared';
import { measureKeys } from '@/lib/measures/catalog';
import { DEFAULT_QUALITY_SETTINGS } from '@/lib/annotation/quality-settings';
import { ORDERED_TIE_RULES, VOTE_RULE_CARDS, YES_NO_RULES, YES_NO_TIE_RULES } from '@/lib/labels/final-labels';

const range = z.tuple([z.number().nullable(), z.number().nullable()]).describe('[min, max]; null = open');

export const sampleFiltersSchema = z
  .object({
    length: z
      .tuple([dbInt.min(0), dbInt.min(0)])
      .refine(([low, high]) => low <= high, 'the smallest word count is above the largest')
      .optional()
      .describe('word-length range each text must fall in, e.g. [10, 30]'),
    tier: z.array(z.enum(['gold', 'silver', 'bronze', 'none'])).optional(),
    captionType: z.array(z.enum(['caption', 'alt_text', 'sentence'])).optional(),
    measures: z
      .record(z.string(), range)
      .optional()
      .describe(`ranges by measure; keys: ${measureKeys.join(', ')} (others are reported as unknown measures)`),
  })
  .strict();

export const sampleSchema = z
  .object({
    strategy: z.enum(['all', 'random', 'stratified']),
    size: z.number().int().min(1).max(1_000_000).optional().describe('random: how many pairs'),
    perBin: z.number().int().min(1).max(100_000).optional().describe('stratified: pairs per bin (or per map cell)'),
    measure: z
      .union([z.enum(measureKeys as [string, ...string[]]), z.literal('cell')])
      .optional()
      .describe('stratified: the measure to bin, or "cell" for the 5 x 5 characteristic-map cells of syn and sem'),
    bins: z
      .number()
      .int()
      .min(2)
      .max(20)
      .optional()
      .describe('stratified by a measure: equal-width bins over its range in the candidates (default 5)'),
    binning: z
      .enum(['width', 'quantile'])
      .optional()
      .describe(
        'stratified by a measure: `width` (default) equal-width bins over the observed range, the top value in the top bin; `quantile` equal-count bins (ties broken by pair id)',
      ),
    perCorpus: z
      .boolean()
      .optional()
      .describe(
        "random and stratified: draw `size` (or `perBin` from every bin) from each corpus, with each corpus's bins computed on its own candidates (EACL 2023: 100 pairs per dataset, stratified within each)",
      ),
    seed: z
      .union([z.number().int(), z.string().max(64)])
      .optional()
      .describe('makes the draw reproducible (default: chosen and recorded)'),
    filters: sampleFiltersSchema.optional(),
  })
  .strict();

export const qualitySettingsSchema = z
  .object({
    goldQuestions: z
      .array(z.string().min(1).max(64))
      .min(1)
      .nullable()
      .default(null)
      .describe(
        'the questions that count towards gold accuracy (labelled questions only); null = every labelled question the gold answer gives',
      ),
    likertTolerance: z
      .number()
      .int()
      .min(0)
      .max(4)
      .default(1)
      .describe('a Likert answer this many points from the gold answer or fewer counts as right'),
    openSpread: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(2)
      .describe(
        'ordered answers (Likert, ordinal choice) this many points apart or more are left open for adjudication (method `spread`); above the scale: never',
      ),
    orderedTie: z
      .enum(ORDERED_TIE_RULES)
      .default(DEFAULT_QUALITY_SETTINGS.orderedTie)
      .describe(
        'ordered answers, an even count whose two middle values differ: `lower` or `upper` takes that middle value (method `median`, `medianRule` says which), `open` leaves it for adjudication (method `tie`)',
      ),
    yesNoTie: z
      .enum(YES_NO_TIE_RULES)
      .default(DEFAULT_QUALITY_SETTINGS.yesNoTie)
      .describe(
        'yes/no answers split exactly 50/50: `open` leaves it for adjudication (method `tie`); `yes` / `no` decides it (method `median`, upper / lower). Nominal ties are always open',
      ),
    yesNoRule: z
      .enum(YES_NO_RULES)
      .default(DEFAULT_QUALITY_SETTINGS.yesNoRule)
      .describe(
        `yes/no questions: \`majority\` (with \`yesNoTie\` for 50/50), or a papers' vote rule (method \`vote\`; undecided counts \`tie\` or \`discarded\`; fewer answers than the rule counts and not yet certain: \`pending\`). The campaign's overlap must be the rule's count. ${Object.entries(
          VOTE_RULE_CARDS,
        )
          .map(([k, c]) => `\`${k}\`: ${c.words}`)
          .join('; ')}`,
      ),
    gateMinKappa: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .default(null)
      .describe(
        "quality gate (MultiPIT): exclude an annotator whose Cohen's κ against the other annotators' majority is this or lower (MultiPIT kept > 0.2); null = off",
      ),
    gateMinGoldAccuracy: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .default(null)
      .describe(
        'quality gate: exclude an annotator whose accuracy on gold pairs is this or lower, 0-1 (MultiPIT kept > 0.85); null = off',
      ),
    gateMinJudgements: z
      .number()
      .int()
      .min(1)
      .max(100000)
      .default(20)
      .describe('quality gate: judgements an annotator gives before the gate judges them'),
    gateQuestion: z
      .string()
      .min(1)
      .max(64)
      .nullable()
      .default(null)
      .describe('quality gate: the question κ is computed on; null = the first yes/no question, else the first labelled one'),
  })
  .strict();
export type QualitySettingsBody = z.infer<typeof qualitySettingsSchema>;

export const createCampaignBodySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    corpora: z.array(z.string().min(1)).min(1).describe('corpus slugs'),
    sample: sampleSchema,
    questions: z.array(questionInputSchema).min(1),
    overlap: z.number().int().min(1).max(20).default(3).describe('annotators per pair'),
    goldEvery: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(0)
      .describe(
        'one hidden gold pair in every N (0 = none, the default: gold pairs are marked once the campaign exists, then the rate is set on its page)',
      ),
    randomiseOrder: z.boolean().default(true).describe('show the two texts in a random order per annotator and pair'),
    members: z.array(z.string().email()).default([]).describe('annotators, by email'),
    guidelines: z.string().max(100_000).optional().describe('Markdown; default: the guidelines from the papers'),
    holdMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30)
      .describe('a pair handed out and not answered within this time goes back to the pool'),
    status: z.enum(['draft', 'active']).default('draft'),
    qualitySettings: qualitySettingsSchema
      .default(DEFAULT_QUALITY_SETTINGS)
      .describe('gold accuracy and final-label settings (changeable later on the campaign page)'),
  })
  .strict();
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;

export const createCampaignContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns',
  summary: 'Create an annotation campaign: sample pairs from corpora, set the questions, overlap and members',
  tags: ['campaigns'],
  roles: ['ADMIN', 'RESEARCHER'],
  body: createCampaignBodySchema,
  responses: {
    201: { description: 'Created', schema: z.object({ id: z.number().int(), slug: z.string(), items: z.number().int() }) },
    ...standardErrors,
  },
});

export const campaignProgressSchema = z.object({
  done: z.number().int(),
  remaining: z.number().int(),
  remainingCapped: z.boolean().describe('the count stopped at its cap: at least `remaining` pairs are left'),
});

export const getCampaignContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}',
  summary: "A campaign's name, status, questions and guidelines, and the caller's progress (members, researchers, admins)",
  tags: ['campaigns'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  params: idOrSlugParams,
  responses: {
    200: {
      description: 'The campaign',
      schema: z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        status: z.enum(['DRAFT', 'ACTIVE', 'PAUSED', 'CLOSED']),
        questions: z.array(questionSchema),
        guidelines: z.string().describe('Markdown (render without raw HTML)'),
        overlap: z.number().int(),
        wordingVersion: z
          .number()
          .int()
          .describe('the version of the guidelines and question wording (1 = as created; PATCH /api/v1/campaigns/{id}/wording)'),
        archived: z
          .boolean()
          .describe('an archived campaign hands out no new pairs; answers to a pair already held are still accepted'),
        progress: campaignProgressSchema,
      }),
    },
    ...standardErrors,
    404: notFound('The campaign (or the caller is not a member)'),
  },
});

export const nextPairSchema = z.object({
  pairId: z.number().int(),
  texts: z.tuple([z.string(), z.string()]).describe('[first shown, second shown]; plain text, never HTML'),
  image: z.object({ key: z.string(), url: z.string().nullable() }).nullable(),
  questions: z.array(questionSchema),
  done: z.number().int(),
  remaining: z.number().int().describe('pairs left for the caller, this one included, counted up to a cap (see remainingCapped)'),
  remainingCapped: z.boolean().describe('the count stopped at its cap: at least `remaining` pairs are left'),
  heldUntil: z.string().describe('ISO time; an unanswered pair goes back to the pool after it'),
  wordingVersion: z
    .number()
    .int()
    .describe("the campaign's wording version now: another than the one shown means the guidelines or question wording changed"),
});

export const nextPairContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/next',
  summary: 'The next pair for the caller: the same pair again until it is answered (one slot held, never two)',
  description:
    'Claims (or renews) a hold, so a request authenticated by the session cookie must come from a Paralens page like a POST: an Origin naming this site, or Sec-Fetch-Site same-origin or none; otherwise 403. Token requests are exempt.',
  tags: ['annotation'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  changesState: true,
  params: idOrSlugParams,
  responses: {
    200: { description: 'A pair to annotate', schema: nextPairSchema },
    204: { description: 'Nothing is left for the caller' },
    ...standardErrors,
    404: notFound('The campaign (or the caller is not a member)'),
    409: conflict('The campaign is not active or is archived (no new pairs), or the caller is excluded'),
  },
});

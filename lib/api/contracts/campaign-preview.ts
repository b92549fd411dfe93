/** The sample preview of the new-campaign form: how many pairs a sample definition would draw, per stratum. */
import { z } from 'zod';
import { defineContract } from '../contract';
import { standardErrors } from '../error-body';
import { sampleSchema } from './campaigns';

export const samplePreviewBodySchema = z
  .object({ corpora: z.array(z.string().min(1)).min(1).describe('corpus slugs'), sample: sampleSchema })
  .strict();
export type SamplePreviewBody = z.infer<typeof samplePreviewBodySchema>;

export const samplePreviewSchema = z.object({
  filtered: z.number().int().describe('pairs of the corpora that pass the filters'),
  candidates: z.number().int().describe('of those, the pairs that have the measure(s) stratified on'),
  missingMeasure: z.number().int(),
  items: z.number().int().describe('pairs the sample would draw'),
  range: z
    .object({ min: z.number(), max: z.number() })
    .nullable()
    .describe('stratified by a measure: its range over the candidates'),
  strata: z
    .array(
      z.object({
        stratum: z.string(),
        label: z.string(),
        lo: z.number().nullable(),
        hi: z.number().nullable(),
        available: z.number().int(),
        drawn: z.number().int(),
      }),
    )
    .nullable()
    .describe(
      'stratified (or drawn per corpus): every non-empty stratum in order ("slug/delta:2" per corpus), with its candidates and how many would be drawn',
    ),
  short: z.array(z.string()).describe('strata with fewer candidates than the quota: they give all they have'),
});
export type SamplePreview = z.infer<typeof samplePreviewSchema>;

export const previewSampleContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/preview',
  summary: 'Count what a sample definition would draw, per stratum, without creating anything (researchers, admins)',
  description:
    'The same corpora and sample as POST /api/v1/campaigns. Counts do not depend on the seed; which pairs are drawn does.',
  tags: ['campaigns'],
  roles: ['ADMIN', 'RESEARCHER'],
  body: samplePreviewBodySchema,
  responses: { 200: { description: 'The counts', schema: samplePreviewSchema }, ...standardErrors },
});

/**
 * Semantic measures of a corpus (researchers and admins): start a scoring job (the job supervisor
 * runs it), one for exactly the measures the corpus lacks (lib/services/scoring/complete-measures.ts), cancel
 * one, and choose which measures form the corpus's semantic axis. A job's progress is
 * `GET /api/scoring-jobs/{id}`.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { semanticMeasureKeys } from '@/lib/measures/catalog';
import { defineContract } from '../contract';
import { dbIdText } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../error-body';

const roles = rolesForArea('corpora');
const corpusParams = z.object({ slug: z.string().min(1).max(200) });
const measureSchema = z.enum(semanticMeasureKeys as unknown as [string, ...string[]]);
const noCorpus = notFound('The corpus');

export const startScoringContract = defineContract({
  method: 'POST',
  path: '/api/v1/corpora/{slug}/scoring-jobs',
  summary: "Score a corpus's pairs with semantic measures in a background job",
  tags: ['corpora'],
  roles,
  params: corpusParams,
  body: z.object({ measures: z.array(measureSchema).min(1, 'Choose at least one measure.') }).strict(),
  responses: {
    202: { description: 'Queued', schema: z.object({ jobId: z.number().int() }) },
    ...standardErrors,
    404: noCorpus,
  },
});

export const completeMeasuresContract = defineContract({
  method: 'POST',
  path: '/api/v1/corpora/{slug}/complete-measures',
  summary: 'Queue one scoring job for exactly the measures the corpus lacks (the installed models decide which)',
  tags: ['corpora'],
  roles,
  params: corpusParams,
  responses: {
    202: { description: 'Queued', schema: z.object({ jobId: z.number().int(), measures: z.array(z.string()) }) },
    ...standardErrors,
    404: noCorpus,
    409: conflict('Every pair already has the measures this corpus should have'),
  },
});

export const cancelScoringContract = defineContract({
  method: 'POST',
  path: '/api/v1/scoring-jobs/{id}/cancel',
  summary: 'Cancel a scoring job (a running one stops at its next batch)',
  tags: ['corpora'],
  roles,
  params: z.object({ id: dbIdText }),
  responses: {
    200: { description: 'Cancelled, or asked to stop', schema: z.object({ jobId: z.number().int(), result: z.string() }) },
    ...standardErrors,
    404: notFound('The scoring job'),
    409: conflict('The scoring job has already ended'),
  },
});

export const setSemMeasuresContract = defineContract({
  method: 'PUT',
  path: '/api/v1/corpora/{slug}/semantic-set',
  summary: "Choose the measures of the corpus's semantic axis; sem and Δ are recomputed for every pair",
  tags: ['corpora'],
  roles,
  params: corpusParams,
  body: z.object({ measures: z.array(measureSchema) }).strict(),
  responses: {
    200: { description: 'Saved', schema: z.object({ recomputed: z.number().int().describe('pairs recomputed') }) },
    ...standardErrors,
    404: noCorpus,
  },
});

/**
 * Tidying contracts: archive and restore a corpus or campaign, delete one with everything in it,
 * clone a campaign (dismissing an ended job: jobs.ts). Archiving, restoring and cloning are open to the
 * researchers and admins; deleting to an admin or the creator (403 for anyone else).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { conflict, notFound, standardErrors } from '../errors';
import { idOrSlugParams } from './shared';

const staff = ['ADMIN', 'RESEARCHER'] as const;
const slugParams = z.object({ slug: z.string().min(1).max(200) });
const archiveBody = z
  .object({
    archived: z
      .boolean()
      .describe(
        'true: archive (hidden from lists and pickers, still reachable by URL, in exports and dashboards); false: restore',
      ),
  })
  .strict();
const archived = z.object({ slug: z.string(), archived: z.boolean() });
const forbiddenDelete = {
  description: 'The role may not do this, or the caller is neither an admin nor its creator',
  schema: standardErrors[403].schema,
};
const count = z.number().int();

export const archiveCorpusContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/corpora/{slug}',
  summary: 'Archive or restore a corpus',
  tags: ['corpora'],
  roles: staff,
  params: slugParams,
  body: archiveBody,
  responses: { 200: { description: 'Its state now', schema: archived }, ...standardErrors, 404: notFound('The corpus') },
});

export const deleteCorpusContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/corpora/{slug}',
  summary: 'Delete a corpus with its pairs, texts, jobs, exports (and their files) and user measures, in one transaction',
  tags: ['corpora'],
  roles: staff,
  params: slugParams,
  responses: {
    200: {
      description: 'Deleted; what went with it',
      schema: z.object({
        name: z.string(),
        deleted: z.object({
          pairs: count,
          texts: count,
          importJobs: count,
          scoringJobs: count,
          exports: count,
          userMeasures: count,
        }),
      }),
    },
    ...standardErrors,
    403: forbiddenDelete,
    404: notFound('The corpus'),
    409: conflict(
      'A campaign still uses the corpus (the message names it), or one of its jobs is waiting or running; nothing was deleted',
    ),
  },
});

export const archiveCampaignContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/campaigns/{id}',
  summary: 'Archive or restore a campaign',
  tags: ['campaigns'],
  roles: staff,
  params: idOrSlugParams,
  body: archiveBody,
  responses: { 200: { description: 'Its state now', schema: archived }, ...standardErrors, 404: notFound('The campaign') },
});

export const deleteCampaignContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/campaigns/{id}',
  summary:
    'Delete a campaign with its sample, answers, assignments, adjudications, gold answers, final labels and exports (and their files), in one transaction',
  tags: ['campaigns'],
  roles: staff,
  params: idOrSlugParams,
  responses: {
    200: {
      description: 'Deleted; what went with it',
      schema: z.object({
        name: z.string(),
        deleted: z.object({
          items: count,
          annotators: count,
          assignments: count,
          answers: count,
          adjudications: count,
          goldAnswers: count,
          finalLabels: count,
          exports: count,
          modelRuns: count,
        }),
      }),
    },
    ...standardErrors,
    403: forbiddenDelete,
    404: notFound('The campaign'),
    409: conflict(
      'The campaign is active (pause or close it first), or an export or a model run of it is waiting or running; nothing was deleted',
    ),
  },
});

export const cloneCampaignContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/clone',
  summary:
    'A new draft campaign with the same corpora, sample, questions, guidelines, overlap, quality settings, gold answers and annotators, and no answers',
  tags: ['campaigns'],
  roles: staff,
  params: idOrSlugParams,
  body: z.object({ name: z.string().trim().min(1, 'Enter a name.').max(120) }).strict(),
  responses: {
    201: { description: 'Created (draft)', schema: z.object({ id: z.number().int(), slug: z.string(), items: count }) },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

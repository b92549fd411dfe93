/**
 * Giving a held pair back (an extension of the annotation routes, for the workbench's "skip" key: `next`
 * returns the same pair until it is answered, so skipping needs the server).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { dbId } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../error-body';
import { idOrSlugParams } from './shared';

export const skipPairContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/skip',
  summary: 'Skip the held pair: its slot goes back to the pool and the caller is not offered it again',
  description:
    'An answer for a skipped pair is still accepted later, like a late answer, while the pair has a free slot. Skipping a pair that is no longer held changes nothing (204).',
  tags: ['annotation'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  params: idOrSlugParams,
  body: z.object({ pairId: dbId }).strict(),
  responses: {
    204: { description: 'Skipped (or not held any more)' },
    ...standardErrors,
    404: notFound('The campaign (or the caller is not a member), or the pair is not assigned to the caller'),
    409: conflict('The campaign is not active, or the pair is already answered (edit it instead)'),
  },
});

/** The API describing itself: the OpenAPI document built from these contracts. */
import { z } from 'zod';
import { defineContract } from '../contract';
import { standardErrors } from '../error-body';

export const openApiDocumentContract = defineContract({
  method: 'GET',
  path: '/api/v1/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document (any signed-in user or token)',
  tags: ['meta'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  responses: {
    200: {
      description: 'The OpenAPI document',
      schema: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).passthrough(),
    },
    401: standardErrors[401],
  },
});

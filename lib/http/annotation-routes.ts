/**
 * The annotation hot path's handlers — next pair, submit, skip — defined once with their contracts.
 * The App Router's route files wrap them with apiRoute (lib/http/api-route.ts); the production web
 * server answers the same paths directly through lib/http/node-api.ts (docs/decisions/007), so
 * both paths run the same validation, role checks and domain code.
 */
import type { ApiContract } from '@/lib/api/contract';
import { submitAnnotationContract } from '@/lib/api/contracts/annotations';
import { nextPairContract } from '@/lib/api/contracts/campaigns';
import { skipPairContract } from '@/lib/api/contracts/holds';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { getNextPair, skipPair as skipHeldPair } from '@/lib/db/campaigns/assignments';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import type { ApiCall, ApiJson } from './api-core';

export interface JsonRoute<C extends ApiContract = ApiContract> {
  contract: C;
  handler: (call: ApiCall<C>) => Promise<ApiJson>;
}

const jsonRoute = <C extends ApiContract>(contract: C, handler: (call: ApiCall<C>) => Promise<ApiJson>): JsonRoute<C> => ({
  contract,
  handler,
});

export const nextPairRoute = jsonRoute(nextPairContract, async ({ params, user }) => {
  const next = await getNextPair(database(), parseCampaignRef(params.id), user.id);
  if (next.kind === 'none') return { status: 204 };
  const { swapped: _swapped, ...pair } = next.pair;
  return { status: 200, body: pair };
});

export const submitAnnotationRoute = jsonRoute(submitAnnotationContract, async ({ params, body, user }) => {
  const { created, annotation } = await submitAnswer(database(), parseCampaignRef(params.id), user.id, body);
  return { status: created ? 201 : 200, body: annotation };
});

export const skipPairRoute = jsonRoute(skipPairContract, async ({ params, body, user }) => {
  await skipHeldPair(database(), parseCampaignRef(params.id), user.id, body.pairId);
  return { status: 204 };
});

/** The routes the web server answers itself (each keeps its App Router route file too). */
export const directRoutes: readonly JsonRoute[] = [nextPairRoute, submitAnnotationRoute, skipPairRoute];

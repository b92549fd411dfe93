/** GET /api/v1/pairs/{id}: a pair in stored order (annotators: only pairs handed to them, blind). */
import { getPairContract } from '@/lib/api/contracts/pairs';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { database } from '@/lib/db/database';
import { getPairForCaller } from '@/lib/db/pairs/pair-view';

export const GET = apiRoute(getPairContract, async ({ params, user }) => {
  const pair = await getPairForCaller(database(), params.id, user);
  if (!pair) throw new AppError('NOT_FOUND', 'No such pair, or it is not assigned to you.');
  return { status: 200, body: pair };
});

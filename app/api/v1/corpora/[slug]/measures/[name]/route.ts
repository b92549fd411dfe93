/**
 * DELETE /api/v1/corpora/{slug}/measures/{name}: a user measure and its values, by its creator or an
 * admin (another researcher: 403), audited (lib/services/corpora/delete-user-measure.ts).
 */
import { deleteUserMeasureContract } from '@/lib/api/contracts/user-measures';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { removeUserMeasure } from '@/lib/services/corpora/delete-user-measure';

export const DELETE = apiRoute(deleteUserMeasureContract, async ({ params, user }) => {
  await removeUserMeasure(database(), user, params.slug, params.name);
  return { status: 204 };
});

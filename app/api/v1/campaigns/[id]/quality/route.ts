/** PUT /api/v1/campaigns/{id}/quality: the quality settings; final labels and accuracy are recomputed. Audited. */
import { updateQualitySettingsContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { updateQuality } from '@/lib/services/campaigns/control-campaign';

export const PUT = apiRoute(updateQualitySettingsContract, async ({ params, body, user }) => ({
  status: 200,
  body: await updateQuality(user, params.id, body),
}));

/** PUT /api/v1/campaigns/{id}/quality: the quality settings; final labels and accuracy are recomputed. Audited. */
import { updateQualitySettingsContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { updateQuality } from '@/lib/http/campaign-controls';

export const PUT = apiRoute(updateQualitySettingsContract, updateQuality);

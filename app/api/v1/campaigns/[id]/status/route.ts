/** POST /api/v1/campaigns/{id}/status: activate, pause, resume or close a campaign. Audited. */
import { changeCampaignStatusContract } from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { changeStatus } from '@/lib/http/campaign-controls';

export const POST = apiRoute(changeCampaignStatusContract, changeStatus);

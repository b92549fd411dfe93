/** PUT, DELETE, PATCH /api/v1/campaigns/{id}/members/{userId}: add, remove or exclude a member. Audited. */
import {
  addCampaignMemberContract,
  removeCampaignMemberContract,
  setMemberExcludedContract,
} from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { addMember, removeMember, setExcluded } from '@/lib/http/campaign-controls';

export const PUT = apiRoute(addCampaignMemberContract, addMember);
export const DELETE = apiRoute(removeCampaignMemberContract, removeMember);
export const PATCH = apiRoute(setMemberExcludedContract, setExcluded);

/** PUT, DELETE, PATCH /api/v1/campaigns/{id}/members/{userId}: add, remove or exclude a member. Audited. */
import {
  addCampaignMemberContract,
  removeCampaignMemberContract,
  setMemberExcludedContract,
} from '@/lib/api/contracts/campaign-controls';
import { apiRoute } from '@/lib/http/api-route';
import { addMember, removeMember, setExcluded } from '@/lib/services/campaigns/control-campaign';

export const PUT = apiRoute(addCampaignMemberContract, async ({ params, user }) => ({
  status: 200,
  body: await addMember(user, params.id, Number(params.userId)),
}));

export const DELETE = apiRoute(removeCampaignMemberContract, async ({ params, user }) => ({
  status: 200,
  body: await removeMember(user, params.id, Number(params.userId)),
}));

export const PATCH = apiRoute(setMemberExcludedContract, async ({ params, body, user }) => ({
  status: 200,
  body: await setExcluded(user, params.id, Number(params.userId), body.excluded),
}));

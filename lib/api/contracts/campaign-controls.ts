/**
 * What a researcher or admin does to a campaign from its page: move its status on (draft → active ⇄
 * paused → closed), add, remove or exclude an annotator, draw the sample again as a new draft, and
 * set the quality settings and the gold rate. Each is audited; the campaign is named by id or slug.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { CAMPAIGN_STATUSES } from '@/lib/annotation/campaign-status';
import { defineContract } from '../contract';
import { dbIdText } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../error-body';
import { qualitySettingsSchema } from './campaigns';
import { idOrSlugParams } from './shared';

const staff = rolesForArea('campaigns');
const memberParams = idOrSlugParams.extend({ userId: dbIdText.describe("the member's user id") });
const noCampaign = notFound('The campaign');

export const changeCampaignStatusContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/status',
  summary: "Move a campaign's status on: activate, pause, resume or close (closing cannot be undone)",
  description: '`from` is the status the caller saw: a campaign whose status has changed since answers 409 and stays as it is.',
  tags: ['campaigns'],
  roles: staff,
  params: idOrSlugParams,
  body: z.object({ from: z.enum(CAMPAIGN_STATUSES), to: z.enum(CAMPAIGN_STATUSES) }).strict(),
  responses: {
    200: { description: 'The status now', schema: z.object({ status: z.enum(CAMPAIGN_STATUSES) }) },
    ...standardErrors,
    404: noCampaign,
    409: conflict('The status is not `from` any more, or the change is not allowed from it'),
  },
});

export const addCampaignMemberContract = defineContract({
  method: 'PUT',
  path: '/api/v1/campaigns/{id}/members/{userId}',
  summary: 'Add an active user to a campaign as an annotator (adding a member again changes nothing)',
  tags: ['campaigns'],
  roles: staff,
  params: memberParams,
  responses: {
    200: { description: 'A member', schema: z.object({ email: z.string() }) },
    ...standardErrors,
    404: notFound('The campaign, or an active user with that id,'),
    409: conflict('The campaign is closed'),
  },
});

export const removeCampaignMemberContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/campaigns/{id}/members/{userId}',
  summary: 'Remove a member from a campaign; the pairs it held go back to the pool, its answers stay',
  tags: ['campaigns'],
  roles: staff,
  params: memberParams,
  responses: {
    200: { description: 'Removed', schema: z.object({ releasedHolds: z.number().int() }) },
    ...standardErrors,
    404: notFound('The campaign, or the membership,'),
  },
});

export const setMemberExcludedContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/campaigns/{id}/members/{userId}',
  summary: "Leave a member's answers out of the final labels and the dashboards (excluded), or take them in again",
  tags: ['campaigns'],
  roles: staff,
  params: memberParams,
  body: z.object({ excluded: z.boolean() }).strict(),
  responses: {
    200: { description: 'Its state now', schema: z.object({ excluded: z.boolean() }) },
    ...standardErrors,
    404: noCampaign,
  },
});

export const redrawCampaignContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/redraw',
  summary: "Draw the campaign's sample again as it was drawn, into a new draft campaign",
  tags: ['campaigns'],
  roles: staff,
  params: idOrSlugParams,
  responses: {
    201: {
      description: 'The new draft',
      schema: z.object({ id: z.number().int(), slug: z.string(), items: z.number().int() }),
    },
    ...standardErrors,
    404: noCampaign,
  },
});

export const updateQualitySettingsContract = defineContract({
  method: 'PUT',
  path: '/api/v1/campaigns/{id}/quality',
  summary: "Set a campaign's quality settings; its final labels and gold accuracy are recomputed at once",
  tags: ['quality'],
  roles: staff,
  params: idOrSlugParams,
  body: qualitySettingsSchema,
  responses: {
    200: { description: 'The settings saved', schema: qualitySettingsSchema },
    ...standardErrors,
    404: noCampaign,
  },
});

export const setGoldEveryContract = defineContract({
  method: 'PUT',
  path: '/api/v1/campaigns/{id}/gold-rate',
  summary: 'How often gold pairs are handed out: one in every `goldEvery` pairs (0: none)',
  tags: ['quality'],
  roles: staff,
  params: idOrSlugParams,
  body: z.object({ goldEvery: z.number().int().min(0).max(100) }).strict(),
  responses: {
    200: { description: 'The rate now', schema: z.object({ goldEvery: z.number().int() }) },
    ...standardErrors,
    404: noCampaign,
  },
});

/**
 * `paralens agreement --campaign SLUG`: a campaign's agreement per question, the numbers and JSON of
 * `GET /api/v1/campaigns/{id}/agreement` (lib/db/dashboards/campaign-agreement.ts: gold pairs and
 * excluded annotators left out; seeded bootstrap intervals), computed here in the command's process.
 * Loaded by agreement.ts only when --campaign is given, so the stdin form never loads the database.
 */
import { computeCampaignAgreement, findDashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import type { CliIo } from './io';
import { withDatabase } from './with-database';

export interface CampaignAgreementOptions {
  campaign: string;
  bootstrap: number;
  seed: number;
  minShared: number;
  merged: boolean;
}

export async function printCampaignAgreement(options: CampaignAgreementOptions, io: CliIo): Promise<number> {
  return withDatabase(io, async (db) => {
    const campaign = await findDashboardCampaign(db, parseCampaignRef(options.campaign));
    if (!campaign) {
      io.stderr.write(`paralens agreement: no campaign "${options.campaign}" (give its slug or id, as on its page).\n`);
      return 1;
    }
    const questions = await computeCampaignAgreement(db, campaign, {
      bootstrap: options.bootstrap > 0 ? { resamples: options.bootstrap, seed: options.seed } : undefined,
      minSharedPairs: options.minShared,
      mergedRelations: options.merged,
    });
    const output = {
      campaign: { id: campaign.id, slug: campaign.slug, name: campaign.name },
      bootstrap: options.bootstrap > 0 ? { resamples: options.bootstrap, seed: options.seed } : null,
      questions,
    };
    io.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  });
}

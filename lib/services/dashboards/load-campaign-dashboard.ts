/** The campaign a dashboard route names (id or slug), or a 404; and its agreement, bootstrap intervals off the request thread. */
import { AppError } from '@/lib/errors/app-error';
import {
  computeCampaignAgreement,
  findDashboardCampaign,
  loadQuestionTableInputs,
  type DashboardCampaign,
} from '@/lib/db/dashboards/campaign-agreement';
import { database } from '@/lib/db/database';
import type { AgreementOptions, QuestionAgreement } from '@/lib/dashboards/question-agreement';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { computeAgreementOffThread } from '@/lib/runtime/compute-workers';

export async function requireDashboardCampaign(id: string): Promise<DashboardCampaign> {
  const campaign = await findDashboardCampaign(database(), parseCampaignRef(id));
  if (!campaign) throw new AppError('NOT_FOUND', 'No such campaign.');
  return campaign;
}

/**
 * A campaign's agreement for the API and the dashboard page. With bootstrap intervals the
 * coefficients are computed on a worker thread (lib/runtime/compute-workers.ts): the requested
 * resamples exactly, however long they take, while the web server keeps answering other requests.
 * Point estimates alone are quick and stay on the request's thread.
 */
export async function campaignAgreement(
  campaign: DashboardCampaign,
  options: AgreementOptions = {},
): Promise<Record<string, QuestionAgreement>> {
  if (!options.bootstrap) return computeCampaignAgreement(database(), campaign, options);
  return computeAgreementOffThread(await loadQuestionTableInputs(database(), campaign), options);
}

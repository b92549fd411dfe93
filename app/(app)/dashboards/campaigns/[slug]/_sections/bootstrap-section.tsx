import type { DashboardCampaign } from '@/lib/db/dashboards/campaign-agreement';
import { campaignAgreement } from '@/lib/services/dashboards/load-campaign-dashboard';

/** The bootstrap intervals, streamed in after the point estimates (resampling takes a moment). */
export async function BootstrapSection({
  campaign,
  resamples,
  seed,
  mergedRelations = false,
}: {
  campaign: DashboardCampaign;
  resamples: number;
  seed: number;
  mergedRelations?: boolean;
}) {
  // Resampled on a worker thread: the point estimates and every other request go on meanwhile.
  const agreement = await campaignAgreement(campaign, { bootstrap: { resamples, seed }, mergedRelations });
  return (
    <table className="data" aria-label="Bootstrap intervals">
      <thead>
        <tr>
          <th>Question</th>
          <th>α</th>
          <th>95% interval (bootstrap over pairs)</th>
        </tr>
      </thead>
      <tbody>
        {campaign.questions
          .filter((q) => agreement[q.key])
          .map((q) => {
            const a = agreement[q.key]!;
            const ci = a.ci95?.krippendorffAlpha;
            return (
              <tr key={q.key}>
                <td>{q.label}</td>
                <td>{a.krippendorffAlpha === null ? 'undefined' : a.krippendorffAlpha.toFixed(3)}</td>
                <td>
                  {ci ? (
                    `[${ci[0].toFixed(3)}, ${ci[1].toFixed(3)}]`
                  ) : (
                    <span className="muted">undefined ({a.reasons.ci95 ?? a.undefinedReason})</span>
                  )}
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}

'use client';
import { useEffect } from 'react';
import type { ApiClient, CampaignView } from './workbench-api';

/**
 * A pair handed out under newer guidelines or question wording than the page shows (a researcher
 * corrected them meanwhile): load the campaign's text again, and say so.
 */
export function useWordingRefresh(
  api: ApiClient,
  campaignId: number,
  pairWording: number | undefined,
  shownWording: number | undefined,
  onUpdated: (campaign: CampaignView) => void,
): void {
  useEffect(() => {
    if (pairWording === undefined || shownWording === undefined || pairWording <= shownWording) return;
    let live = true;
    void api.getCampaign(campaignId).then((result) => {
      if (live && result.ok) onUpdated(result.data);
    });
    return () => {
      live = false;
    };
  }, [api, campaignId, pairWording, shownWording, onUpdated]);
}

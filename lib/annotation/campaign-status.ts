/**
 * The life of a campaign: DRAFT (being prepared; annotators see nothing) → ACTIVE (pairs are handed
 * out) ⇄ PAUSED (no new pairs; answers already given stay) → CLOSED (final: nothing is handed out
 * or accepted any more; the data stays for analysis). Which changes are allowed, and what each does,
 * in one place for the Server Actions and the campaign page. Pure.
 */
export const CAMPAIGN_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'CLOSED'] as const;
export type CampaignStatusName = (typeof CAMPAIGN_STATUSES)[number];

const transitions: Record<CampaignStatusName, readonly CampaignStatusName[]> = {
  DRAFT: ['ACTIVE', 'CLOSED'],
  ACTIVE: ['PAUSED', 'CLOSED'],
  PAUSED: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
};

export function nextStatuses(status: CampaignStatusName): readonly CampaignStatusName[] {
  return transitions[status];
}

export function canChangeStatus(from: CampaignStatusName, to: CampaignStatusName): boolean {
  return transitions[from].includes(to);
}

/** The button that moves a campaign into `to`, worded for where it comes from. */
export function statusActionLabel(from: CampaignStatusName, to: CampaignStatusName): string {
  if (to === 'ACTIVE') return from === 'PAUSED' ? 'Resume' : 'Activate';
  if (to === 'PAUSED') return 'Pause';
  // the ellipsis: closing asks for a confirmation first, since it cannot be undone
  if (to === 'CLOSED') return 'Close campaign…';
  return 'Back to draft';
}

export const STATUS_DESCRIPTIONS: Record<CampaignStatusName, string> = {
  DRAFT: 'Draft: annotators do not see it yet.',
  ACTIVE: 'Active: members get pairs to annotate.',
  PAUSED: 'Paused: no pairs are handed out; answers given so far are kept.',
  CLOSED: 'Closed: nothing is handed out or accepted; the answers stay for analysis.',
};

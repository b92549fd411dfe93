const tierLabels: Record<string, string> = { GOLD: 'gold', SILVER: 'silver', BRONZE: 'bronze' };

export function TierBadge({ tier }: { tier: string }) {
  const label = tierLabels[tier];
  if (!label) return null;
  return <span className={`badge ${label}`}>{label}</span>;
}

/**
 * Campaign references in URLs: `/api/v1/campaigns/{id}` takes the numeric id or the slug. Campaign
 * slugs are never all digits (campaignSlugBase), so the two cannot be confused. Pure.
 */
import { slugify } from './slugify';

export type CampaignRef = { id: number } | { slug: string };

export function parseCampaignRef(value: string): CampaignRef {
  return /^[0-9]{1,9}$/.test(value) ? { id: Number(value) } : { slug: value };
}

/** The slug a campaign name starts from ("2024" would read as an id, so it becomes "campaign-2024"). */
export function campaignSlugBase(name: string): string {
  const slug = slugify(name);
  if (slug === 'corpus' && !/corpus/i.test(name)) return 'campaign'; // slugify's fallback for names without letters
  return /^[0-9]+$/.test(slug) ? `campaign-${slug}` : slug;
}

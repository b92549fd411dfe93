import { describe, expect, it } from 'vitest';
import { campaignSlugBase, parseCampaignRef } from './campaign-ref';

describe('campaign references', () => {
  it('reads digits as the id and anything else as the slug', () => {
    expect(parseCampaignRef('42')).toEqual({ id: 42 });
    expect(parseCampaignRef('paws-study')).toEqual({ slug: 'paws-study' });
    expect(parseCampaignRef('12345678901')).toEqual({ slug: '12345678901' });
  });

  it('never makes an all-digit slug', () => {
    expect(campaignSlugBase('2024')).toBe('campaign-2024');
    expect(campaignSlugBase('PAWS study 2024')).toBe('paws-study-2024');
    expect(campaignSlugBase('!!!')).toBe('campaign');
    expect(campaignSlugBase('Corpus')).toBe('corpus');
  });
});

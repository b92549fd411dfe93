/**
 * `paralens agreement --campaign SLUG` against the coefficients recomputed from the answers the
 * test wrote: Krippendorff's alpha (ordinal) and percent agreement of two annotators' semantic
 * ratings, gold pairs and excluded annotators left out, as the API and dashboards do.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { runInMemory } from '../memory-io';
import { run } from './agreement';

describe('paralens agreement --campaign', () => {
  it("prints the campaign's agreement per question, as the API computes it", async () => {
    const first = [0, 1, 2, 3, 4, 2];
    const second = [0, 1, 2, 4, 4, 3];
    const { campaign } = await makeRatedCampaign(getDb(), {
      annotators: 3,
      excluded: [2],
      pairs: [
        ...first.map((s, i) => ({ measures: {}, answers: [{ semantic: s }, { semantic: second[i]! }, { semantic: 0 }] })),
        { measures: {}, gold: true, answers: [{ semantic: 4 }, { semantic: 0 }, undefined] },
      ],
      questions: ['semantic'],
    });
    const { code, stdout, stderr } = await runInMemory(run, ['--campaign', campaign.slug, '--bootstrap', '200', '--seed', '7']);
    expect(stderr).not.toContain('paralens agreement:');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      campaign: { slug: string };
      bootstrap: { resamples: number; seed: number };
      questions: Record<
        string,
        { krippendorffAlpha: number; percentAgreement: number; units: number; ci95?: { krippendorffAlpha: [number, number] } }
      >;
    };
    expect(out.campaign.slug).toBe(campaign.slug);
    expect(out.bootstrap).toEqual({ resamples: 200, seed: 7 });
    const expected = computeAgreementReport({ ratings: [first, second], level: 'ordinal', categories: [0, 1, 2, 3, 4] });
    const semantic = out.questions.semantic!;
    expect(semantic.units).toBe(6);
    expect(semantic.krippendorffAlpha).toBeCloseTo(expected.coefficients.krippendorffAlpha.value!, 10);
    expect(semantic.percentAgreement).toBeCloseTo(4 / 6, 10);
    const [low, high] = semantic.ci95!.krippendorffAlpha;
    expect(low).toBeLessThanOrEqual(semantic.krippendorffAlpha);
    expect(high).toBeGreaterThanOrEqual(semantic.krippendorffAlpha);
  });

  it('says so for a campaign that does not exist', async () => {
    const { code, stderr } = await runInMemory(run, ['--campaign', `no-such-campaign-${Date.now()}`]);
    expect(code).toBe(1);
    expect(stderr).toContain('paralens agreement: no campaign');
  });

  it('keeps --min-shared and --merged for --campaign', async () => {
    const { code, stderr } = await runInMemory(run, ['--merged'], '{"ratings":[[1]],"level":"nominal"}');
    expect(code).toBe(2);
    expect(stderr).toContain('go with --campaign');
  });
});

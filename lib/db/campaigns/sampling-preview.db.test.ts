/**
 * The preview must say what the draw will do: for each request, the preview's counts (filtered,
 * candidates, items, and per stratum available and drawn) equal the record of a real draw by
 * createCampaign (lib/db/campaigns/sampling.ts) on the same corpora.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs, type PairSpec } from '@/prisma/factories/corpora';
import { planSample, type SampleRequest } from '@/lib/sampling/sample-plan';
import { createCampaign } from './campaign-create';
import { countSamplePreview, findCorporaBySlug } from './sampling-preview';

const db = getDb();
const corpora: Array<{ id: number; slug: string }> = [];

/** Irregular values, some missing, some on bin edges; lengths from 4 to 33 words. */
function spec(corpus: number, i: number): PairSpec {
  const words = (n: number, tag: string) => Array.from({ length: n }, (_, k) => `${tag}${k}`).join(' ');
  const syn = [0, 0.2, 0.41, 1, 0.33, 0.6, 0.79, 0.95][i % 8]!;
  const sem = i % 9 === 0 ? undefined : ((i * 31) % 101) / 100;
  return {
    a: `${words(4 + (i % 30), `p${corpus}a${i}x`)}.`,
    b: `${words(6 + ((i * 7) % 28), `p${corpus}b${i}x`)}.`,
    measures: { syn, ...(sem === undefined ? {} : { sem, delta: sem - syn, st: Math.min(1, sem + 0.1) }) },
  };
}

beforeAll(async () => {
  for (const [n, tier] of [
    [0, 'GOLD'],
    [1, 'NONE'],
  ] as const) {
    const corpus = await makeCorpus(db, { tier });
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 60 }, (_, i) => spec(n, i)),
    );
    corpora.push(corpus);
  }
});

const requests: Array<[string, SampleRequest]> = [
  ['all', { strategy: 'all' }],
  ['a random 25', { strategy: 'random', size: 25 }],
  ['a random 500 (more than there are)', { strategy: 'random', size: 500 }],
  ['6 per bin of delta', { strategy: 'stratified', measure: 'delta', perBin: 6 }],
  [
    '3 per bin of syn in 4 bins, 10-30 words, gold tier',
    { strategy: 'stratified', measure: 'syn', bins: 4, perBin: 3, filters: { length: [10, 30], tier: ['gold'] } },
  ],
  [
    '2 per map cell, st ≥ 0.5',
    { strategy: 'stratified', measure: 'cell', perBin: 2, filters: { measures: { st: [0.5, null] } } },
  ],
  ['per corpus: 6 per bin of delta', { strategy: 'stratified', measure: 'delta', perBin: 6, perCorpus: true }],
  [
    'per corpus: 4 per equal-count bin of syn',
    { strategy: 'stratified', measure: 'syn', bins: 4, perBin: 4, perCorpus: true, binning: 'quantile' },
  ],
  ['per corpus: a random 30 from each (more than some have)', { strategy: 'random', size: 30, perCorpus: true }],
];

describe('countSamplePreview', () => {
  for (const [name, sample] of requests) {
    it(`agrees with the draw: ${name}`, async () => {
      const slugs = corpora.map((c) => c.slug);
      const { ids, unknown } = await findCorporaBySlug(db, slugs);
      expect(unknown).toEqual([]);
      const planned = planSample(sample, () => 's');
      if (!planned.ok) throw new Error(JSON.stringify(planned.fields));
      const preview = await countSamplePreview(db, ids, planned.plan);

      const created = await createCampaign(
        db,
        {
          name: `Preview ${name} ${Date.now()}`,
          corpora: slugs,
          sample,
          questions: ['semantic'],
          overlap: 1,
          goldEvery: 0,
          randomiseOrder: false,
          members: [],
          holdMinutes: 30,
          status: 'draft',
        },
        null,
        () => 'another-seed',
      );
      const record = (await db.campaign.findUniqueOrThrow({ where: { id: created.id }, select: { sampling: true } }))
        .sampling as {
        filtered: number;
        candidates: number;
        items: number;
        strata: Record<string, { available: number; drawn: number }> | null;
      };
      expect(preview.items).toBeGreaterThan(0);
      expect({ filtered: preview.filtered, candidates: preview.candidates, items: preview.items }).toEqual({
        filtered: record.filtered,
        candidates: record.candidates,
        items: record.items,
      });
      expect(created.items).toBe(preview.items);
      const previewStrata =
        preview.strata === null
          ? null
          : Object.fromEntries(preview.strata.map((s) => [s.stratum, { available: s.available, drawn: s.drawn }]));
      expect(previewStrata).toEqual(record.strata);
      // the strata that give all they have are named
      const quota = sample.strategy === 'random' ? sample.size! : (sample.perBin ?? 0);
      expect(preview.short).toEqual((preview.strata ?? []).filter((st) => st.available < quota).map((st) => st.stratum));
    });
  }

  it('labels strata and gives measure bins their edges', async () => {
    const planned = planSample({ strategy: 'stratified', measure: 'delta', perBin: 1, bins: 5 }, () => 's');
    if (!planned.ok) throw new Error('plan');
    const preview = await countSamplePreview(
      db,
      corpora.map((c) => c.id),
      planned.plan,
    );
    expect(preview.range).not.toBeNull();
    const first = preview.strata![0]!;
    expect(first).toMatchObject({ stratum: 'delta:0', label: 'Δsem,syn bin 1 of 5', lo: preview.range!.min });
    expect(preview.strata!.at(-1)!.hi).toBe(preview.range!.max);
    expect(preview.missingMeasure).toBe(preview.filtered - preview.candidates);
    expect(preview.missingMeasure).toBeGreaterThan(0); // every ninth pair has no sem, hence no delta
  });

  it('names unknown corpora', async () => {
    expect((await findCorporaBySlug(db, [corpora[0]!.slug, 'no-such-corpus'])).unknown).toEqual(['no-such-corpus']);
  });
});

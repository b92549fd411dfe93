import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs, type PairSpec } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { measureKeys } from '@/lib/measures/catalog';
import { drawSampleReference, type CandidatePair } from '@/lib/sampling/reference-draw';
import { planSample, type SampleRequest } from '@/lib/sampling/sample-plan';
import { buildDefaultGuidelines } from '@/lib/annotation/default-guidelines';
import { resolveQuestions } from '@/lib/annotation/questions';
import { createCampaign, type CreateCampaignInput } from './campaign-create';
import { drawCampaignItems } from './sampling';

const db = getDb();
const corpora: Array<{ id: number; slug: string }> = [];

/** Deterministic but irregular values, some missing, a few exactly on bin edges. */
function pairSpec(corpus: number, i: number): PairSpec {
  const words = (n: number, tag: string) => Array.from({ length: n }, (_, k) => `${tag}${k}`).join(' ');
  const syn = [0, 0.2, 0.4, 1, 0.37, 0.61, 0.8, 0.999][i % 8]!;
  const sem = i % 11 === 0 ? undefined : ((i * 37) % 101) / 100;
  return {
    a: `${words(5 + (i % 30), `c${corpus}a${i}w`)}.`,
    b: `${words(8 + ((i * 7) % 25), `c${corpus}b${i}w`)}.`,
    measures: { syn, ...(sem === undefined ? {} : { sem, delta: sem - syn }), bleu: i % 5 === 0 ? 0.5 : ((i * 13) % 97) / 97 },
  };
}

async function candidates(): Promise<CandidatePair[]> {
  const rows = await db.pair.findMany({
    where: { corpusId: { in: corpora.map((c) => c.id) } },
    select: {
      id: true,
      lengthA: true,
      lengthB: true,
      corpus: { select: { tier: true, slug: true } },
      textA: { select: { type: true } },
      textB: { select: { type: true } },
      ...Object.fromEntries(measureKeys.map((k) => [k, true])),
    },
  });
  return rows.map((r) => {
    const row = r as unknown as Record<string, number | null>;
    return {
      pairId: r.id,
      corpus: r.corpus.slug,
      tier: r.corpus.tier,
      typeA: r.textA.type,
      typeB: r.textB.type,
      lengthA: r.lengthA,
      lengthB: r.lengthB,
      measures: Object.fromEntries(measureKeys.map((k) => [k, row[k] ?? null])),
    };
  });
}

async function sqlDraw(sample: SampleRequest, extra: Partial<CreateCampaignInput> = {}) {
  const input: CreateCampaignInput = {
    name: `Sampling ${Date.now()} ${Math.random()}`,
    corpora: corpora.map((c) => c.slug),
    sample,
    questions: ['semantic'],
    overlap: 3,
    goldEvery: 0,
    randomiseOrder: true,
    members: [],
    holdMinutes: 30,
    status: 'draft',
    ...extra,
  };
  const created = await createCampaign(db, input, null, () => 'fixed-seed');
  const items = await db.campaignItem.findMany({
    where: { campaignId: created.id },
    orderBy: { position: 'asc' },
    select: { pairId: true, stratum: true, position: true },
  });
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: created.id }, select: { sampling: true } });
  return { created, items, sampling: campaign.sampling as Record<string, unknown> };
}

beforeAll(async () => {
  for (const [n, tier] of [
    [0, 'GOLD'],
    [1, 'SILVER'],
  ] as const) {
    const corpus = await makeCorpus(db, { tier });
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 70 }, (_, i) => pairSpec(n, i)),
    );
    corpora.push(corpus);
  }
  // Some captions, so the caption-type filter has something to tell apart.
  const someTexts = await db.text.findMany({
    where: { corpusId: corpora[0]!.id },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 60,
  });
  await db.text.updateMany({ where: { id: { in: someTexts.map((t) => t.id) } }, data: { type: 'CAPTION' } });
});

const requests: Array<[string, SampleRequest]> = [
  ['all', { strategy: 'all' }],
  ['a random 17', { strategy: 'random', size: 17 }],
  ['4 per bin of delta (5 bins over its range)', { strategy: 'stratified', measure: 'delta', perBin: 4 }],
  [
    '3 per bin of bleu in 7 bins, 10-30 words, gold tier',
    { strategy: 'stratified', measure: 'bleu', bins: 7, perBin: 3, filters: { length: [10, 30], tier: ['gold'] } },
  ],
  ['2 per map cell', { strategy: 'stratified', measure: 'cell', perBin: 2 }],
  [
    'captions with sem ≥ 0.3 and syn ≤ 0.8',
    { strategy: 'all', filters: { captionType: ['caption'], measures: { sem: [0.3, null], syn: [null, 0.8] } } },
  ],
  // the EACL 2023 design, per corpus: Δ bins computed on each corpus's own candidates
  [
    'per corpus: 4 per bin of delta in 5 bins, 10-30 words',
    { strategy: 'stratified', measure: 'delta', bins: 5, perBin: 4, perCorpus: true, filters: { length: [10, 30] } },
  ],
  [
    'per corpus: 3 per equal-count bin of bleu in 4 bins',
    { strategy: 'stratified', measure: 'bleu', bins: 4, perBin: 3, perCorpus: true, binning: 'quantile' },
  ],
  [
    'equal-count bins of syn over both corpora',
    { strategy: 'stratified', measure: 'syn', bins: 3, perBin: 5, binning: 'quantile' },
  ],
  ['per corpus: a random 9 from each', { strategy: 'random', size: 9, perCorpus: true }],
  ['per corpus: 1 per map cell', { strategy: 'stratified', measure: 'cell', perBin: 1, perCorpus: true }],
];

describe('the SQL draw equals the JavaScript reference', () => {
  it.each(requests)('%s', async (_name, sample) => {
    const { items, sampling, created } = await sqlDraw(sample);
    const plan = planSample(sample, () => 'fixed-seed');
    if (!plan.ok) throw new Error('bad plan');
    const expected = drawSampleReference(await candidates(), plan.plan);
    expect(items.length).toBeGreaterThan(0);
    expect(created.items).toBe(items.length);
    expect(items.map((i) => ({ pairId: i.pairId, stratum: i.stratum }))).toEqual(expected.items);
    expect(items.map((i) => i.position)).toEqual(items.map((_, k) => k + 1));
    expect(sampling.strata ?? null).toEqual(expected.strata);
    expect(sampling).toMatchObject({
      seed: 'fixed-seed',
      candidates: expected.candidates,
      missingMeasure: expected.missingMeasure,
      items: expected.items.length,
    });
    if (expected.range) expect(sampling.range).toMatchObject(expected.range);
    expect(sampling.binRanges ?? null).toEqual(expected.binRanges);
  });

  // the cut that spares ranking every candidate (chosenRows): whatever it keeps, the first k of each
  // stratum by key; a cut keeping 1 leaves every stratum short (ranked whole), 9 some, 40 none
  it.each([1, 5, 9, 40])('draws the same items whatever its cut keeps of a stratum (%i)', async (cutKeep) => {
    const requests: SampleRequest[] = [
      { strategy: 'stratified', measure: 'delta', perBin: 4, seed: 11 },
      { strategy: 'stratified', measure: 'cell', perBin: 2, perCorpus: true, seed: 12 },
    ];
    for (const sample of requests) {
      const plan = planSample(sample, () => 'unused');
      if (!plan.ok) throw new Error('bad plan');
      const expected = drawSampleReference(await candidates(), plan.plan);
      const { created } = await sqlDraw({ strategy: 'random', size: 1 });
      const drawn = await db
        .$transaction(async (tx) => {
          await tx.campaignItem.deleteMany({ where: { campaignId: created.id } });
          await drawCampaignItems(
            tx,
            created.id,
            corpora.map((c) => c.id),
            plan.plan,
            undefined,
            cutKeep,
          );
          const items = await tx.campaignItem.findMany({
            where: { campaignId: created.id },
            orderBy: { position: 'asc' },
            select: { pairId: true, stratum: true },
          });
          throw Object.assign(new Error('roll back'), { items });
        })
        .catch((e: { items?: unknown }) => e.items);
      expect(drawn, JSON.stringify(sample)).toEqual(expected.items);
    }
  });

  it('draws the same items again with the same seed, other items with another', async () => {
    const first = await sqlDraw({ strategy: 'random', size: 10, seed: 5 });
    const again = await sqlDraw({ strategy: 'random', size: 10, seed: 5 });
    const other = await sqlDraw({ strategy: 'random', size: 10, seed: 6 });
    expect(again.items).toEqual(first.items);
    expect(other.items.map((i) => i.pairId)).not.toEqual(first.items.map((i) => i.pairId));
    expect(first.sampling.seed).toBe('5');
  });
});

describe('createCampaign', () => {
  it('names unknown corpora, members and questions in one 400', async () => {
    await makeUser(db, { email: `known-${Date.now()}@example.test` });
    const error = await sqlDraw(
      { strategy: 'random' },
      { corpora: ['nope-corpus', corpora[0]!.slug], members: ['ghost@example.test'], questions: ['semantic', 'colour'] },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_INPUT' });
    const fields = (error as { details: { fields: Record<string, string> } }).details.fields;
    expect(fields.corpora).toBe('unknown corpora: "nope-corpus"');
    expect(fields.members).toBe('no active user with the email "ghost@example.test"');
    expect(fields.questions).toMatch(/"colour".*unknown question/);
    expect(fields['sample.size']).toBe('a random sample needs a size');
  });

  it('refuses an empty sample and leaves nothing behind', async () => {
    const before = await db.campaign.count();
    const error = await sqlDraw({ strategy: 'all', filters: { length: [500, 600] } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await db.campaign.count()).toBe(before);
  });

  it('adds members with pseudonyms, makes unique slugs and records the default guidelines', async () => {
    const member = await makeUser(db);
    const name = `Slug test ${Date.now()}`;
    const one = await sqlDraw(
      { strategy: 'random', size: 2 },
      { name, members: [member.email.toUpperCase()], questions: ['semantic', 'relation'] },
    );
    const two = await sqlDraw({ strategy: 'random', size: 2 }, { name });
    expect(two.created.slug).toBe(`${one.created.slug}-2`);
    const user = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(user.pseudonym).toMatch(/^ann-[a-z2-7]{6}$/);
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id: one.created.id }, include: { members: true } });
    expect(campaign.members.map((m) => m.userId)).toEqual([member.id]);
    // the same text the web form starts from (one source of default guidelines for the form and the API),
    // worded for the texts of its corpora: these hold sentences and captions
    const asked = resolveQuestions(['semantic', 'relation']);
    expect(campaign.guidelines).toBe(buildDefaultGuidelines('questions' in asked ? asked.questions : [], 'mixed'));
    expect(campaign.guidelines).toContain('entailment');
    const numeric = await sqlDraw({ strategy: 'random', size: 1 }, { name: '2024' });
    expect(numeric.created.slug).toMatch(/^campaign-2024/);
  });
});

/**
 * GET /api/v1/corpora/{slug}/distributions and /api/v1/campaigns/{id}/distributions through their
 * real route handlers with API tokens: an annotator 403 (signed out: e2e/authorization.spec.ts), any
 * researcher 200 (dashboards belong to the area); bad parameters 400 with what is wrong, an unknown
 * corpus or campaign 404. The figures themselves: lib/db/dashboards/distributions.db.test.ts (NumPy fixture).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { GET as corpusGET } from '@/app/api/v1/corpora/[slug]/distributions/route';
import { GET as campaignGET } from '@/app/api/v1/campaigns/[id]/distributions/route';
import { Readable } from 'node:stream';
import { importScores } from '@/lib/db/corpora/user-measures';
import { readAnnotationRowsFrom } from '@/lib/import/annotation-rows';

const db = getDb();
afterAll(() => getSqlPool().end());

const headers = (token: string) => ({ authorization: `Bearer ${token}` });
const corpusGet = (slug: string, query: string, token: string) =>
  corpusGET(new NextRequest(`http://127.0.0.1/api/v1/corpora/${slug}/distributions?${query}`, { headers: headers(token) }), {
    params: Promise.resolve({ slug }),
  });
const campaignGet = (id: string, query: string, token: string) =>
  campaignGET(new NextRequest(`http://127.0.0.1/api/v1/campaigns/${id}/distributions?${query}`, { headers: headers(token) }), {
    params: Promise.resolve({ id }),
  });
const tokenFor = async (role: 'ANNOTATOR' | 'RESEARCHER') =>
  (await issueApiToken(db, (await makeUser(db, { role })).id, 'test', null)).token;

describe('GET …/distributions', () => {
  it('a corpus by its own label and by its labels; roles, bad parameters, unknown corpus', async () => {
    const corpus = await makeCorpus(db);
    const bleu = [0.9, 0.8, 0.7, 0.2, 0.1];
    await makePairs(
      db,
      corpus.id,
      bleu.map((v, i) => ({
        a: `Spread ${i} one of ${corpus.slug}.`,
        b: `Spread ${i} two.`,
        referenceIsParaphrase: i < 3,
        referenceLabel: i < 3 ? 'ENTAILMENT' : `other ${i}`,
        measures: { bleu: v },
      })),
    );
    expect((await corpusGet(corpus.slug, 'by=reference', await tokenFor('ANNOTATOR'))).status).toBe(403);
    const researcher = await tokenFor('RESEARCHER');
    const res = await corpusGet(corpus.slug, 'by=reference&measures=bleu,wms', researcher);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      by: string;
      groups: unknown;
      unlabelled: number;
      measures: Array<{ measure: string; groups: Array<{ group: string; n: number; median: number; histogram: number[] }> }>;
    };
    expect(body).toMatchObject({
      by: 'reference',
      groups: [
        { group: 'yes', pairs: 3 },
        { group: 'no', pairs: 2 },
      ],
      unlabelled: 0,
    });
    expect(body.measures.map((m) => m.measure)).toEqual(['bleu']);
    expect(body.measures[0]!.groups.map((g) => [g.group, g.n, g.median])).toEqual([
      ['yes', 3, 0.8],
      ['no', 2, expect.closeTo(0.15, 12)],
    ]);
    expect(body.measures[0]!.groups[0]!.histogram.reduce((s, c) => s + c, 0)).toBe(3);

    const byLabel = (await (await corpusGet(corpus.slug, 'by=label&measures=bleu', researcher)).json()) as {
      groups: Array<{ group: string }>;
    };
    expect(byLabel.groups.map((g) => g.group)).toEqual(['ENTAILMENT', 'other 3', 'other 4']);

    const badMeasure = await corpusGet(corpus.slug, 'measures=bleu,nope', researcher);
    expect(badMeasure.status).toBe(400);
    expect(JSON.stringify(await badMeasure.json())).toContain('comma-separated list');
    expect((await corpusGet(corpus.slug, 'by=colour', researcher)).status).toBe(400);
    expect((await corpusGet('no-such-corpus', 'by=reference', researcher)).status).toBe(404);
  });

  it("a corpus's own measures (import-scores) are split like the built-in ones, under u.NAME", async () => {
    const corpus = await makeCorpus(db);
    const ids = await makePairs(
      db,
      corpus.id,
      [0, 1, 2, 3, 4].map((i) => ({ a: `Own ${i} one of ${corpus.slug}.`, b: `Own ${i} two.`, referenceIsParaphrase: i < 3 })),
    );
    // a model's logits, not in [0, 1]: the histogram spans their range
    const file = `pair_id,logit\n${ids.map((id, i) => `${id},${[2.5, 1.5, 3.5, -1, -3][i]}`).join('\n')}\n`;
    await importScores(getSqlPool(), {
      slug: corpus.slug,
      map: 'id=pair_id',
      measures: 'model=logit',
      rows: readAnnotationRowsFrom(Readable.from([Buffer.from(file)]), 'csv'),
      source: 'logits.csv',
      userId: null,
    });
    const researcher = await tokenFor('RESEARCHER');
    const body = (await (await corpusGet(corpus.slug, 'by=reference&measures=u.model', researcher)).json()) as {
      measures: Array<{ measure: string; groups: Array<{ group: string; n: number; median: number; min: number; max: number }> }>;
    };
    expect(body.measures.map((m) => m.measure)).toEqual(['u.model']);
    expect(body.measures[0]!.groups.map((g) => [g.group, g.n, g.median, g.min, g.max])).toEqual([
      ['yes', 3, 2.5, 1.5, 3.5],
      ['no', 2, -2, -3, -1],
    ]);
    const all = (await (await corpusGet(corpus.slug, 'by=reference', researcher)).json()) as {
      measures: Array<{ measure: string }>;
    };
    expect(all.measures.map((m) => m.measure)).toContain('u.model');
    const unknown = await corpusGet(corpus.slug, 'by=reference&measures=u.other', researcher);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('u.other: no measure of your own');
  });

  it('a split by label refuses a corpus with too many distinct labels', async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 13 }, (_, i) => ({
        a: `Many ${i} one of ${corpus.slug}.`,
        b: `Many ${i} two.`,
        referenceLabel: `label ${i}`,
      })),
    );
    const res = await corpusGet(corpus.slug, 'by=label', await tokenFor('RESEARCHER'));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('13 distinct labels');
  });

  it("a campaign by a question's final label; a question it does not ask 400, an unknown campaign 404", async () => {
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, [
      { a: `Campaign spread one of ${corpus.slug}.`, b: 'Campaign spread two.', measures: { bleu: 0.5 } },
    ]);
    const campaign = await makeCampaign(db, {
      corpora: [corpus.slug],
      questions: ['paraphraseLoose', 'rationale'],
      sample: { strategy: 'all', seed: 1 },
    });
    expect((await campaignGet(String(campaign.id), 'question=paraphraseLoose', await tokenFor('ANNOTATOR'))).status).toBe(403);
    const researcher = await tokenFor('RESEARCHER');
    const res = await campaignGet(campaign.slug, 'question=paraphraseLoose', researcher);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ by: 'paraphraseLoose', groups: [], unlabelled: 1, measures: [] });
    expect((await campaignGet(campaign.slug, 'question=rationale', researcher)).status).toBe(400);
    expect((await campaignGet(campaign.slug, '', researcher)).status).toBe(400);
    expect((await campaignGet('no-such-campaign', 'question=paraphraseLoose', researcher)).status).toBe(404);
  });
});

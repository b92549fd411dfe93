/**
 * For the annotation-quality specs: campaigns of the demo corpus made over the API (the sample's seed
 * recorded on the test), answers given over the API, and the final labels read back.
 */
import type { APIRequestContext } from '@playwright/test';
import { demoEmail, type DemoRole } from '../fixtures';
import { expect, test } from '../workbench-helpers';

export const DEMO_CORPUS = 'paws-wiki-demo-sample';
let counter = 0;

/** A number not handed out before in this worker: for unique names and submission ids. */
export function uniqueNumber(): number {
  return (counter += 1);
}

export async function newCampaign(
  researcher: APIRequestContext,
  spec: { questions: unknown[]; members: DemoRole[]; size: number; overlap: number; goldEvery?: number },
) {
  const seed = (Date.now() + uniqueNumber()) % 100_000;
  test.info().annotations.push({ type: 'sample seed', description: `${DEMO_CORPUS}, random ${spec.size}, seed ${seed}` });
  const res = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E quality ${Date.now()} ${uniqueNumber()} seed ${seed}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: spec.size, seed },
      questions: spec.questions,
      overlap: spec.overlap,
      goldEvery: spec.goldEvery ?? 0,
      randomiseOrder: false,
      members: spec.members.map(demoEmail),
      status: 'active',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

/** Takes the next pair and answers it over the API (texts in stored order: randomiseOrder is off). */
export async function answerNext(
  client: APIRequestContext,
  campaignId: number,
  answers: Record<string, unknown>,
): Promise<number> {
  const next = await client.get(`/api/v1/campaigns/${campaignId}/next`);
  expect(next.status()).toBe(200);
  const { pairId } = (await next.json()) as { pairId: number };
  const res = await client.post(`/api/v1/campaigns/${campaignId}/annotations`, {
    data: { submissionId: `e2e-quality-${Date.now()}-${uniqueNumber()}`, pairId, answers },
  });
  expect(res.status(), await res.text()).toBe(201);
  return pairId;
}

/** A pair of the demo corpus that the campaign has not handed out: taken from a scratch campaign of the researcher's own. */
export async function spareDemoPair(researcher: APIRequestContext): Promise<number> {
  const scratch = await newCampaign(researcher, { questions: ['semantic'], members: ['researcher'], size: 1, overlap: 1 });
  const next = await researcher.get(`/api/v1/campaigns/${scratch.id}/next`);
  return ((await next.json()) as { pairId: number }).pairId;
}

export async function finalLines(researcher: APIRequestContext, campaignId: number) {
  const res = await researcher.get(`/api/v1/campaigns/${campaignId}/final`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/x-ndjson');
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map(
      (l) =>
        JSON.parse(l) as {
          pairId: number;
          answers: Record<string, unknown>;
          method: Record<string, string>;
          medianRule: Record<string, string>;
          n: number;
        },
    );
}

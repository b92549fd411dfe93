/**
 * For the specs of a study from start to finish: a corpus of the researcher's own imported through
 * the upload route and `POST /api/v1/imports/{id}/start` (waiting for the job), and labels collected
 * elsewhere imported into a campaign through `POST /api/v1/campaigns/{id}/annotations/file`.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { createCorpus } from './corpora';

/** Creates a corpus through the Corpora page, imports `content` as `format` and waits for the import; returns its slug. */
export async function importCorpus(page: Page, name: string, fileName: string, content: string, format: string): Promise<string> {
  await createCorpus(page, name);
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  const origin = new URL(page.url()).origin;
  const upload = await page.request.post(`/api/corpora/${slug}/imports?fileName=${encodeURIComponent(fileName)}`, {
    data: Buffer.from(content),
    headers: { origin, 'content-type': 'application/octet-stream' },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { jobId } = (await upload.json()) as { jobId: number };
  const start = await page.request.post(`/api/v1/imports/${jobId}/start`, { data: { format }, headers: { origin } });
  expect(start.status(), await start.text()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/imports/${jobId}`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('SUCCEEDED');
  return slug;
}

/** Labels collected elsewhere, one JSON object a line (`a`, `b`, `who` and the answers), all or nothing. */
export async function importLabels(
  request: APIRequestContext,
  origin: string,
  campaignId: number,
  rows: ReadonlyArray<Record<string, unknown>>,
  map: string,
): Promise<void> {
  const res = await request.post(`/api/v1/campaigns/${campaignId}/annotations/file`, {
    headers: { origin },
    data: { format: 'jsonl', map, content: rows.map((r) => JSON.stringify(r)).join('\n') },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A SICK file in the SemEval-2014 layout (5 columns): sentence pairs with their relatedness and NLI label. */
export const SICK_PAIRS: ReadonlyArray<{
  a: string;
  b: string;
  score: number;
  label: 'ENTAILMENT' | 'NEUTRAL' | 'CONTRADICTION';
}> = [
  {
    a: 'A man is playing a guitar on the stage',
    b: 'A man is playing an instrument on the stage',
    score: 4.5,
    label: 'ENTAILMENT',
  },
  { a: 'A woman is slicing an onion in the kitchen', b: 'An onion is being sliced by a woman', score: 4.8, label: 'ENTAILMENT' },
  { a: 'Two dogs are running through a field', b: 'Two dogs are sleeping in a field', score: 2.4, label: 'CONTRADICTION' },
  { a: 'A child is riding a red bicycle', b: 'Nobody is riding a bicycle', score: 2.1, label: 'CONTRADICTION' },
  { a: 'A boy is jumping into a swimming pool', b: 'A girl is reading a book near the pool', score: 1.9, label: 'NEUTRAL' },
  { a: 'The cat is sitting on the window sill', b: 'A cat is looking at the birds outside', score: 3.1, label: 'NEUTRAL' },
  { a: 'A man is cutting some bread with a knife', b: 'A man is slicing bread', score: 4.6, label: 'ENTAILMENT' },
  { a: 'Several people are dancing on a beach', b: 'Nobody is dancing on the beach', score: 2.6, label: 'CONTRADICTION' },
];

export function sickFile(): string {
  const lines = SICK_PAIRS.map((p, i) => [i + 1, p.a, p.b, p.score, p.label].join('\t'));
  return ['pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment', ...lines].join('\n') + '\n';
}

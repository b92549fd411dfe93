/**
 * A finished model run written straight into the database (tests of the report, the exports and the
 * pages' reads): an endpoint, the run, one answered item per pair with the answers given, and one
 * recorded request per item with a raw output that says what was answered.
 */
import type { Db } from '../client';

let counter = 0;

export async function makeFinishedRun(
  db: Db,
  spec: {
    campaignId: number;
    pairIds: readonly number[];
    questions: string[];
    answer: (index: number) => Record<string, number | string | boolean>;
    expected?: (index: number) => Record<string, number>;
    samples?: number;
  },
) {
  counter += 1;
  const endpoint = await db.modelEndpoint.create({
    data: { name: `finished-${counter}-${Date.now()}`, baseUrl: 'http://127.0.0.1:9/v1' },
  });
  const run = await db.modelRun.create({
    data: {
      campaignId: spec.campaignId,
      endpointId: endpoint.id,
      endpointName: endpoint.name,
      baseUrl: endpoint.baseUrl,
      model: 'test-model',
      rater: 'model:test-model@prompt-v1',
      promptVersion: 1,
      promptTemplate: 'template',
      promptHash: 'c'.repeat(64),
      wordingVersion: 1,
      questions: spec.questions,
      pairs: 'all',
      samples: spec.samples ?? 1,
      status: 'SUCCEEDED',
      pairsTotal: spec.pairIds.length,
      pairsDone: spec.pairIds.length,
      requestsTotal: spec.pairIds.length,
      requestsDone: spec.pairIds.length,
    },
  });
  await db.modelRunItem.createMany({
    data: spec.pairIds.map((pairId, i) => ({
      runId: run.id,
      pairId,
      position: i + 1,
      answers: spec.answer(i),
      confidence: Object.fromEntries(Object.keys(spec.answer(i)).map((k) => [k, 1])),
      ...(spec.expected ? { expected: spec.expected(i) } : {}),
      doneAt: new Date(),
    })),
  });
  await db.modelRequest.createMany({
    data: spec.pairIds.map((pairId, i) => ({
      runId: run.id,
      pairId,
      status: 'ok',
      answers: spec.answer(i),
      raw: JSON.stringify(spec.answer(i)),
      responseModel: 'test-model',
      systemFingerprint: 'fp_test',
      latencyMs: 20,
      attempts: 1,
      format: 'json_schema',
    })),
  });
  return { endpoint, run };
}

/**
 * Model runs end to end against a real PostgreSQL and the OpenAI-compatible stand-in
 * (lib/llm/testing/openai-stand-in.ts): what is recorded is exactly what the server said (relations
 * of the exchanged order mapped back), no more requests than the endpoint's concurrency are ever in
 * flight, a server that dies mid-run stops the run with a message naming the endpoint and Resume
 * asks only what was not recorded, a cancel stops it, and nothing of it reaches what annotators see
 * or what counts for them (answers, holds, final labels).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { requestModelRunCancel, takeStoppedModelRun } from '@/lib/db/model-raters/model-runs';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { startOpenAiStandIn, type OpenAiStandIn, type StandInLogEntry } from '@/lib/llm/testing/openai-stand-in';
import { swapRelation, type Relation } from '@/lib/annotation/relations';
import { runModelJudging } from './run-model-judging';
import { startModelRun } from '@/lib/services/model-raters/start-model-run';

const retry = { attempts: 3, baseMs: 5, capMs: 20 };
const standIns: OpenAiStandIn[] = [];

afterEach(async () => {
  await Promise.all(standIns.splice(0).map((s) => s.close().catch(() => undefined)));
});

async function standIn(options: Parameters<typeof startOpenAiStandIn>[0] = {}) {
  const s = await startOpenAiStandIn(options);
  standIns.push(s);
  return s;
}

async function setUp(pairs: number, concurrency: number, baseUrl: string) {
  const db = getDb();
  const rated = await makeRatedCampaign(db, {
    annotators: 2,
    questions: ['semantic', 'syntactic', 'relation'],
    pairs: Array.from({ length: pairs }, (_, i) => ({
      measures: { syn: (i % 5) / 5 + 0.1, sem: ((i * 3) % 5) / 5 + 0.1 },
      answers: [
        { semantic: i % 5, syntactic: (i + 1) % 5, relation: 'equivalence' },
        { semantic: (i + 1) % 5, syntactic: i % 5, relation: 'forward' },
      ],
    })),
  });
  const endpoint = await db.modelEndpoint.create({
    data: { name: `stand-in-${Date.now()}-${Math.random().toString(36).slice(2)}`, baseUrl, concurrency },
  });
  return { db, ...rated, endpoint };
}

/** The answer in a logged reply (the stand-in's JSON, whatever wraps it). */
function loggedAnswer(entry: StandInLogEntry): Record<string, unknown> {
  const reply = entry.responseBody as { choices: Array<{ message: { content: string } }> };
  const content = reply.choices[0]!.message.content;
  return JSON.parse(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1)) as Record<string, unknown>;
}

function userText(entry: StandInLogEntry): string {
  const body = entry.body as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((m) => m.role === 'user').map((m) => m.content)[0] ?? '';
}

describe('a model run', () => {
  it('records exactly what the server said, never more in flight than the limit, and becomes measures', async () => {
    const server = await standIn({ latencyMs: 15, fences: true });
    const { db, campaign, endpoint, pairIds } = await setUp(12, 2, server.baseUrl);
    const owner = await liveTestOwner(db);
    const before = await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { pairId: 'asc' } });
    const annotations = await db.annotation.count({ where: { campaignId: campaign.id } });
    const run = await startModelRun(
      db,
      { id: null },
      campaign.slug,
      { endpoint: endpoint.name, model: 'stand-in-model', swap: true },
      { ownerId: owner },
    );
    expect(run.requestsTotal).toBe(24);
    const outcome = await runModelJudging(database(), run.id, { ownerId: owner, retry });
    expect(outcome?.status).toBe('SUCCEEDED');
    expect(server.stats.maxInFlight).toBeLessThanOrEqual(2);
    expect(server.stats.maxInFlight).toBe(2);

    const texts = await db.pair.findMany({
      where: { id: { in: pairIds } },
      select: { id: true, textA: { select: { content: true } }, textB: { select: { content: true } } },
    });
    const chats = server.stats.log.filter((e) => e.path === '/v1/chat/completions' && e.status === 200);
    expect(chats).toHaveLength(24);
    const recorded = await db.modelRequest.findMany({ where: { runId: run.id } });
    for (const entry of chats) {
      const user = userText(entry);
      const pair = texts.find((t) => user.includes(t.textA.content) && user.includes(t.textB.content))!;
      const swapped = user.indexOf(pair.textB.content) < user.indexOf(pair.textA.content);
      const said = loggedAnswer(entry);
      const row = recorded.find((r) => r.pairId === pair.id && r.swapped === swapped)!;
      const expected = swapped ? { ...said, relation: swapRelation(said.relation as Relation) } : said;
      expect(row.answers).toEqual(expected);
      expect(row.raw).toBe(
        (entry.responseBody as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content,
      );
      expect(row.responseModel).toBe('stand-in-model');
      expect(row.systemFingerprint).toBe('fp_stand_in');
    }
    const items = await db.modelRunItem.findMany({ where: { runId: run.id } });
    expect(items.every((i) => i.doneAt !== null)).toBe(true);
    for (const item of items) {
      const stored = recorded.find((r) => r.pairId === item.pairId && !r.swapped)!;
      const exchanged = recorded.find((r) => r.pairId === item.pairId && r.swapped)!;
      expect(item.answers).toEqual(stored.answers);
      expect(item.swapAnswers).toEqual(exchanged.answers);
    }
    const measure = await db.corpusMeasure.findFirst({
      where: { modelRunId: run.id, name: `judge${run.id}_semantic` },
      include: { scores: true },
    });
    expect(measure?.axis).toBe('SEMANTIC');
    expect(measure?.scores).toHaveLength(12);
    for (const score of measure!.scores) {
      const item = items.find((i) => i.pairId === score.pairId)!;
      expect(score.value).toBe(((item.answers as Record<string, number>).semantic ?? NaN) / 4);
    }
    // Blind: nothing the annotators' side counts has changed.
    expect(await db.campaignItem.findMany({ where: { campaignId: campaign.id }, orderBy: { pairId: 'asc' } })).toEqual(before);
    expect(await db.annotation.count({ where: { campaignId: campaign.id } })).toBe(annotations);
    expect(await db.finalLabel.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it('stops when the server dies, naming the endpoint, and Resume asks only what was not recorded', async () => {
    const first = await standIn({ latencyMs: 10 });
    const { db, campaign, endpoint } = await setUp(10, 1, first.baseUrl);
    const owner = await liveTestOwner(db);
    const run = await startModelRun(
      db,
      { id: null },
      campaign.slug,
      { endpoint: endpoint.name, model: 'stand-in-model', questions: ['semantic'] },
      { ownerId: owner },
    );
    first.setBehaviour({ stall: (r) => r.index > 4, stallMs: null });
    const dying = setInterval(() => {
      if (first.stats.requests > 4) first.die();
    }, 5);
    const outcome = await runModelJudging(database(), run.id, { ownerId: owner, retry });
    clearInterval(dying);
    expect(outcome?.status).toBe('FAILED');
    expect(outcome?.message).toContain(endpoint.name);
    const recordedBefore = await db.modelRequest.count({ where: { runId: run.id } });
    expect(recordedBefore).toBe(4);

    const second = await standIn({ latencyMs: 5 });
    await db.modelEndpoint.update({ where: { id: endpoint.id }, data: { baseUrl: second.baseUrl } });
    expect(await takeStoppedModelRun(db, run.id, owner)).toBe(true);
    const resumed = await runModelJudging(database(), run.id, { ownerId: owner, retry });
    expect(resumed?.status).toBe('SUCCEEDED');
    expect(second.stats.log.filter((e) => e.path === '/v1/chat/completions')).toHaveLength(10 - recordedBefore);
    expect(await db.modelRequest.count({ where: { runId: run.id } })).toBe(10);
    expect((await getModelRun(db, run.id))?.pairsDone).toBe(10);
  });

  it('stops on a cancel and keeps what it recorded', async () => {
    const server = await standIn({ latencyMs: 40 });
    const { db, campaign, endpoint } = await setUp(30, 1, server.baseUrl);
    const owner = await liveTestOwner(db);
    const run = await startModelRun(
      db,
      { id: null },
      campaign.slug,
      { endpoint: endpoint.name, model: 'stand-in-model', questions: ['semantic'] },
      { ownerId: owner },
    );
    setTimeout(() => void requestModelRunCancel(db, run.id), 300);
    const outcome = await runModelJudging(database(), run.id, { ownerId: owner, retry });
    expect(outcome?.status).toBe('CANCELLED');
    const view = await getModelRun(db, run.id);
    expect(view?.requestsDone).toBeGreaterThan(0);
    expect(view?.requestsDone).toBeLessThan(30);
    expect(await db.modelRequest.count({ where: { runId: run.id } })).toBe(view?.requestsDone);
  });

  it('fails with the server’s reason when it rejects the model, and asks nothing more', async () => {
    const server = await standIn();
    const { db, campaign, endpoint } = await setUp(5, 2, server.baseUrl);
    const owner = await liveTestOwner(db);
    const run = await startModelRun(
      db,
      { id: null },
      campaign.slug,
      { endpoint: endpoint.name, model: 'no-such-model' },
      { ownerId: owner },
    );
    const outcome = await runModelJudging(database(), run.id, { ownerId: owner, retry });
    expect(outcome?.status).toBe('FAILED');
    expect(outcome?.message).toMatch(/404/);
    expect(outcome?.message).toContain(endpoint.name);
    expect(await db.modelRequest.count({ where: { runId: run.id } })).toBe(0);
  });
});

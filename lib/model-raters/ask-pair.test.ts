import { afterEach, describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { swapRelation, type Relation } from '@/lib/annotation/relations';
import { EndpointRejectedError, EndpointUnavailableError } from '@/lib/llm/transport-errors';
import { extractJsonObject } from '@/lib/llm/json-extract';
import { createLocalLimiter } from '@/lib/llm/testing/local-limiter';
import {
  startOpenAiStandIn,
  type OpenAiStandIn,
  type StandInBehaviour,
  type StandInLogEntry,
} from '@/lib/llm/testing/openai-stand-in';
import { standInExpectation } from '@/lib/llm/testing/stand-in-answers';
import { aggregateSamples, toStoredOrder } from './answers-order';
import { askPair, type AskPairInput } from './ask-pair';
import { DEFAULT_PROMPT_TEMPLATE } from './prompt';

const QUESTIONS: Question[] = [builtInQuestion('semantic'), builtInQuestion('paraphraseStrict'), builtInQuestion('relation')];
const running: OpenAiStandIn[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function setUp(behaviour: Partial<StandInBehaviour> = {}) {
  const server = await startOpenAiStandIn(behaviour);
  running.push(server);
  const input: AskPairInput = {
    endpoint: { name: 'Stand-in', baseUrl: server.baseUrl, apiKey: null, timeoutMs: 2000 },
    memory: { responseFormat: null, logprobs: null },
    limiter: createLocalLimiter(1),
    model: 'stand-in-model',
    template: DEFAULT_PROMPT_TEMPLATE,
    guidelines: '# Annotation guidelines\n\nJudge the texts as written.',
    questions: QUESTIONS,
    text1: 'An Easter postcard from 1907 depicting a rabbit.',
    text2: 'A 1907 postcard featuring the Easter Bunny.',
    temperature: 0,
    seed: 7,
    maxTokens: 200,
    wantLogprobs: true,
    retry: { attempts: 3, baseMs: 5, capMs: 20 },
  };
  return { server, input };
}

type Sent = { response_format?: { type: string }; logprobs?: boolean; messages: Array<{ role: string; content: string }> };
const sent = (entry: StandInLogEntry) => entry.body as Sent;

/** What the stand-in said in a logged reply: the JSON object in its content or reasoning. */
function said(entry: StandInLogEntry): Record<string, unknown> | null {
  const message = (entry.responseBody as { choices: Array<{ message: { content: string | null; reasoning_content?: string } }> })
    .choices[0]!.message;
  return (extractJsonObject(message.content ?? '') ?? extractJsonObject(message.reasoning_content ?? ''))?.value ?? null;
}

describe('askPair against the stand-in', () => {
  it('asks with the json_schema form and logprobs, and returns exactly what the server said with its provenance', async () => {
    const { server, input } = await setUp();
    const result = await askPair(input);
    const [entry] = server.stats.log;
    expect(server.stats.requests).toBe(1);
    expect(sent(entry!)).toMatchObject({
      model: 'stand-in-model',
      temperature: 0,
      seed: 7,
      max_tokens: 200,
      logprobs: true,
      top_logprobs: 5,
    });
    expect(sent(entry!).response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'paralens_answers', strict: true },
    });
    expect(sent(entry!).messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(result).toMatchObject({ status: 'ok', answers: said(entry!), failure: null, format: 'json_schema', reasked: false });
    expect(result).toMatchObject({
      responseModel: 'stand-in-model',
      systemFingerprint: 'fp_stand_in',
      finishReason: 'stop',
      attempts: 1,
    });
    expect(result.memory).toEqual({ responseFormat: 'json_schema', logprobs: true });
    expect(result.usage?.completionTokens).toBeGreaterThan(0);
    expect(result.expected).toEqual({ semantic: standInExpectation(result.answers!.semantic as number, 0, 4) });
  });

  it('falls back json_schema → json_object → prompt on an endpoint that refuses both, and remembers it', async () => {
    const { server, input } = await setUp({ rejectJsonSchema: true, rejectJsonObject: true });
    const first = await askPair(input);
    expect(server.stats.log.map((e) => [e.status, sent(e).response_format?.type ?? 'none'])).toEqual([
      [500, 'json_schema'],
      [400, 'json_object'],
      [200, 'none'],
    ]);
    expect(first).toMatchObject({
      status: 'ok',
      format: 'prompt',
      attempts: 3,
      retries: 0,
      memory: { responseFormat: 'prompt' },
    });
    expect(first.answers).toEqual(said(server.stats.log[2]!));
    expect(sent(server.stats.log[2]!).messages[0]!.content).toContain('The object must match this JSON schema');
    const second = await askPair({ ...input, memory: first.memory, text1: 'Another text.' });
    expect(second).toMatchObject({ status: 'ok', format: 'prompt', attempts: 1 });
  });

  it('uses json_object where only json_schema fails (llama.cpp), and asks without logprobs where they are refused', async () => {
    const { server, input } = await setUp({ rejectJsonSchema: true, rejectLogprobs: true });
    const result = await askPair(input);
    expect(result).toMatchObject({
      status: 'ok',
      format: 'json_object',
      memory: { responseFormat: 'json_object', logprobs: false },
    });
    expect(result.expected).toBeNull();
    const next = await askPair({ ...input, memory: result.memory });
    expect(next.attempts).toBe(1);
    expect(sent(server.stats.log.at(-1)!).logprobs).toBeUndefined();
  });

  it('reads answers wrapped in fences, prose and a think block, or given in reasoning_content', async () => {
    const { server, input } = await setUp({ fences: true, prose: true, think: true });
    const wrapped = await askPair(input);
    expect(wrapped).toMatchObject({ status: 'ok', answers: said(server.stats.log[0]!) });
    expect(wrapped.raw).toMatch(/^<think>.*```json\n\{.*\}\n```/s);
    server.setBehaviour({ fences: false, prose: false, think: false, reasoningContent: true });
    const reasoned = await askPair(input);
    expect(reasoned).toMatchObject({ status: 'ok', answers: said(server.stats.log[1]!), raw: '', expected: null });
    expect(reasoned.reasoning).toContain('Both texts compared.');
  });

  it('asks once more with the validation error after an out-of-scale rating, and keeps the second answer', async () => {
    const { server, input } = await setUp({ outOfScale: 'first-per-pair' });
    const result = await askPair(input);
    const [first, second] = server.stats.log;
    expect(said(first!)).toMatchObject({ semantic: 6 });
    expect(sent(second!).messages.slice(2)).toEqual([
      { role: 'assistant', content: expect.stringContaining('"semantic":6') as string },
      { role: 'user', content: expect.stringContaining('"semantic" must be one of 0, 1, 2, 3, 4, not 6') as string },
    ]);
    expect(result).toMatchObject({ status: 'ok', reasked: true, attempts: 2, answers: said(second!) });
    expect(result.firstRaw).toContain('"semantic":6');
  });

  it('records an answer invalid twice as failed, with the error and the raw output', async () => {
    const { input } = await setUp({ outOfScale: true });
    const result = await askPair(input);
    expect(result).toMatchObject({ status: 'failed', answers: null, reasked: true, attempts: 2 });
    expect(result.failure).toBe('invalid answer, also when asked again: "semantic" must be one of 0, 1, 2, 3, 4, not 6.');
    expect(result.raw).toContain('"semantic":6');
  });

  it('never turns a cut-off, refused or empty answer into a label, and does not ask again', async () => {
    const cases: Array<[Partial<StandInBehaviour>, string]> = [
      [{ truncate: true }, 'the answer was cut off at the token limit (finish_reason "length")'],
      [{ refuse: true }, 'refused: I cannot help with judging these texts.'],
      [{ empty: true }, 'empty answer'],
    ];
    for (const [behaviour, failure] of cases) {
      const { input } = await setUp(behaviour);
      expect(await askPair(input)).toMatchObject({ status: 'failed', answers: null, failure, attempts: 1, reasked: false });
    }
  });

  it('throws for the run to stop: EndpointRejectedError on a bad key, EndpointUnavailableError when the server is gone', async () => {
    const { server, input } = await setUp({ apiKey: 'right' });
    await expect(askPair({ ...input, endpoint: { ...input.endpoint, apiKey: 'wrong' } })).rejects.toBeInstanceOf(
      EndpointRejectedError,
    );
    server.die();
    await expect(askPair({ ...input, endpoint: { ...input.endpoint, apiKey: 'right' } })).rejects.toBeInstanceOf(
      EndpointUnavailableError,
    );
  });
});

describe('a small run', () => {
  it('stores exactly what the server said, mapped back from swapped displays, never over the concurrency limit', async () => {
    const { server, input } = await setUp({ latencyMs: 5, maxInFlight: 2, tooManyRequests: 2, retryAfter: '0' });
    const limiter = createLocalLimiter(2);
    const pairs = Array.from({ length: 6 }, (_, i) => [
      `Harbour ${i} at dawn, seen from the pier.`,
      `The harbour (${i}) photographed early.`,
    ]);
    const jobs = pairs.flatMap(([a, b], pair) =>
      [false, true].flatMap((swapped) =>
        [0, 1, 2].map((sample) => ({ pair, swapped, sample, text1: swapped ? b! : a!, text2: swapped ? a! : b! })),
      ),
    );
    const results = await Promise.all(
      jobs.map(async (job) => ({
        job,
        result: await askPair({
          ...input,
          limiter,
          text1: job.text1,
          text2: job.text2,
          seed: 100 + job.sample,
          temperature: 0.7,
        }),
      })),
    );
    expect(server.stats.maxInFlight).toBeLessThanOrEqual(2);
    expect(server.stats.log.filter((e) => e.status === 503)).toEqual([]);
    expect(server.stats.log.filter((e) => e.status === 429)).toHaveLength(2);
    let directional = 0;
    for (const { job, result } of results) {
      const entry = server.stats.log.find(
        (e) =>
          e.status === 200 &&
          (e.body as { seed: number }).seed === 100 + job.sample &&
          sent(e).messages[1]!.content.startsWith(`Text 1:\n${job.text1}\n`),
      );
      const spoken = said(entry!)!;
      expect(result.answers).toEqual(spoken);
      const stored = toStoredOrder(result.answers!, job.swapped, QUESTIONS);
      const relation = spoken.relation as Relation;
      expect(stored).toEqual({ ...spoken, relation: job.swapped ? swapRelation(relation) : relation });
      if (job.swapped && relation !== swapRelation(relation)) directional += 1;
    }
    expect(directional).toBeGreaterThan(0);
    const samples = results.filter((r) => r.job.pair === 0 && !r.job.swapped).map((r) => r.result.answers!);
    const aggregated = aggregateSamples(samples, QUESTIONS);
    const semantic = samples.map((s) => s.semantic as number);
    expect(aggregated.semantic!.mean).toBeCloseTo(semantic.reduce((x, y) => x + y, 0) / 3, 10);
    expect(aggregated.semantic!.confidence).toBe(semantic.filter((v) => v === aggregated.semantic!.value).length / 3);
  });
});

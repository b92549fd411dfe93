import { afterEach, describe, expect, it } from 'vitest';
import { postChatCompletion, type ChatCompletionRequest } from './chat-completion';
import type { EndpointSettings } from './endpoint';
import { EndpointRejectedError, EndpointUnavailableError } from './transport-errors';
import { listModels } from './list-models';
import { createLocalLimiter } from './testing/local-limiter';
import { startOpenAiStandIn, type OpenAiStandIn, type StandInBehaviour } from './testing/openai-stand-in';

const FAST = { attempts: 3, baseMs: 5, capMs: 20 };
const running: OpenAiStandIn[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function standIn(behaviour: Partial<StandInBehaviour> = {}) {
  const server = await startOpenAiStandIn(behaviour);
  running.push(server);
  const endpoint: EndpointSettings = { name: 'Lab GPU', baseUrl: server.baseUrl, apiKey: null, timeoutMs: 2000 };
  return { server, endpoint };
}

const body = (extra: Record<string, unknown> = {}) => ({
  model: 'stand-in-model',
  messages: [
    { role: 'user', content: 'Answer with JSON {"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":4}}}' },
  ],
  ...extra,
});

function post(endpoint: EndpointSettings, extra: Partial<ChatCompletionRequest> = {}) {
  return postChatCompletion({ endpoint, limiter: createLocalLimiter(1), body: body(), retry: FAST, ...extra });
}

describe('postChatCompletion against the stand-in', () => {
  it('returns the reply the server sent, with the body as sent', async () => {
    const { server, endpoint } = await standIn();
    const outcome = await post(endpoint);
    expect(outcome).toMatchObject({ kind: 'reply', attempts: 1, retries: 0 });
    if (outcome.kind !== 'reply') return;
    const logged = server.stats.log[0]!;
    expect(logged.body).toEqual(body());
    const sent = (logged.responseBody as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content;
    expect(outcome.reply).toMatchObject({
      content: sent,
      model: 'stand-in-model',
      systemFingerprint: 'fp_stand_in',
      finishReason: 'stop',
    });
    expect(outcome.reply.usage?.completionTokens).toBe(sent.length);
  });

  it('never has more requests in flight than the limiter allows', async () => {
    const { server, endpoint } = await standIn({ latencyMs: 20 });
    const limiter = createLocalLimiter(3);
    await Promise.all(Array.from({ length: 12 }, () => postChatCompletion({ endpoint, limiter, body: body(), retry: FAST })));
    expect(server.stats.requests).toBe(12);
    expect(server.stats.maxInFlight).toBe(3);
    expect(limiter.stats).toMatchObject({ inFlight: 0, maxInFlight: 3, acquired: 12 });
  });

  it('retries the 503 of a server whose queue is full, and gets every answer', async () => {
    const { server, endpoint } = await standIn({ latencyMs: 30, maxInFlight: 1 });
    const limiter = createLocalLimiter(3);
    const outcomes = await Promise.all(
      Array.from({ length: 3 }, () =>
        postChatCompletion({ endpoint, limiter, body: body(), retry: { attempts: 12, baseMs: 10, capMs: 60 } }),
      ),
    );
    expect(outcomes.every((o) => o.kind === 'reply')).toBe(true);
    expect(server.stats.log.filter((e) => e.status === 503).length).toBeGreaterThan(0);
    expect(outcomes.reduce((n, o) => n + o.retries, 0)).toBe(server.stats.log.filter((e) => e.status === 503).length);
  });

  it('honours Retry-After in seconds and tells the limiter to pause the endpoint', async () => {
    const { server, endpoint } = await standIn({ tooManyRequests: 1, retryAfter: '1' });
    const limiter = createLocalLimiter(1);
    const started = Date.now();
    const outcome = await postChatCompletion({ endpoint, limiter, body: body(), retry: FAST });
    const [first, second] = server.stats.log;
    expect(outcome).toMatchObject({ kind: 'reply', attempts: 2, retries: 1 });
    expect(first!.status).toBe(429);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
    expect(limiter.pauses).toHaveLength(1);
    expect(limiter.pauses[0]! - started).toBeGreaterThanOrEqual(1000);
  });

  it('aborts a request answered later than the timeout, closing its connection and freeing the slot, then retries', async () => {
    const { server, endpoint } = await standIn({ stall: 1, stallMs: 600 });
    const limiter = createLocalLimiter(1);
    const outcome = await postChatCompletion({ endpoint: { ...endpoint, timeoutMs: 150 }, limiter, body: body(), retry: FAST });
    expect(outcome).toMatchObject({ kind: 'reply', attempts: 2, retries: 1 });
    expect(server.stats.closedEarly).toBe(1);
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('gives up on a server that keeps stalling with EndpointUnavailableError, every connection closed', async () => {
    const { server, endpoint } = await standIn({ stall: true });
    const limiter = createLocalLimiter(1);
    const error = await postChatCompletion({
      endpoint: { ...endpoint, timeoutMs: 80 },
      limiter,
      body: body(),
      retry: FAST,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointUnavailableError);
    expect((error as Error).message).toMatch(
      /Endpoint “Lab GPU” is unavailable after 3 attempts: no complete answer within 0\.1 s/,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(server.stats).toMatchObject({ closedEarly: 3, inFlight: 0 });
    expect(limiter.stats.inFlight).toBe(0);
  });

  it('a server that dies mid-run ends in EndpointUnavailableError', async () => {
    const { server, endpoint } = await standIn({ latencyMs: 300 });
    const pending = post(endpoint).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    server.die();
    const error = await pending;
    expect(error).toBeInstanceOf(EndpointUnavailableError);
    expect((error as EndpointUnavailableError).attempts).toBe(3);
  });

  it('cancels at once on the signal, closing the connection', async () => {
    const { server, endpoint } = await standIn({ stall: true });
    const controller = new AbortController();
    const pending = post(endpoint, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 20));
    expect(server.stats.closedEarly).toBe(1);
  });

  it('stops on 401, 404 and a malformed request, naming endpoint and status, never the key', async () => {
    const { endpoint } = await standIn({ apiKey: 'sk-right-key' });
    const wrongKey = await post({ ...endpoint, apiKey: 'sk-wrong-key-123' }).catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(EndpointRejectedError);
    expect(wrongKey).toMatchObject({ status: 401, endpoint: 'Lab GPU' });
    expect((wrongKey as Error).message).toMatch(
      /^Endpoint “Lab GPU” refused the request with 401: Incorrect API key provided: \[API key\]/,
    );
    expect((wrongKey as Error).message).not.toContain('sk-wrong-key-123');
    const authorised = { ...endpoint, apiKey: 'sk-right-key' };
    const unknownModel = await post(authorised, { body: body({ model: 'gpt-9' }) }).catch((e: unknown) => e);
    expect(unknownModel).toMatchObject({ status: 404 });
    expect((unknownModel as Error).message).toMatch(/gpt-9.*check the model name/);
    const noMessages = await post(authorised, { body: { model: 'stand-in-model' } }).catch((e: unknown) => e);
    expect(noMessages).toMatchObject({ status: 400, serverMessage: "'messages' is a required property" });
  });

  it('reports refused response formats and logprobs for the caller to fall back', async () => {
    const { endpoint } = await standIn({ rejectJsonObject: true, rejectJsonSchema: true, rejectLogprobs: true });
    const schema = { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { type: 'object' } } };
    expect(await post(endpoint, { body: body({ response_format: { type: 'json_object' } }) })).toMatchObject({
      kind: 'format-unsupported',
      message: "'response_format.type' must be 'json_schema' or 'text'",
    });
    expect(await post(endpoint, { body: body({ response_format: schema }) })).toMatchObject({
      kind: 'format-unsupported',
      attempts: 1,
    });
    expect(await post(endpoint, { body: body({ logprobs: true, top_logprobs: 5 }) })).toMatchObject({
      kind: 'logprobs-unsupported',
    });
  });

  it('retries a plain 500 and then succeeds', async () => {
    const { endpoint } = await standIn({ serverError: 2 });
    expect(await post(endpoint)).toMatchObject({ kind: 'reply', attempts: 3, retries: 2 });
  });
});

describe('listModels', () => {
  it('lists the ids of /models, and explains failures', async () => {
    const { server, endpoint } = await standIn({ models: ['qwen3:8b', 'llama3.1:8b'], apiKey: 'k-1234' });
    expect(await listModels({ ...endpoint, apiKey: 'k-1234' })).toEqual(['llama3.1:8b', 'qwen3:8b']);
    await expect(listModels(endpoint)).rejects.toMatchObject({ name: 'EndpointRejectedError', status: 401 });
    await server.close();
    await expect(listModels({ ...endpoint, apiKey: 'k-1234' })).rejects.toThrow(
      /unavailable after 1 attempt: (connection refused|the connection was reset)/,
    );
  });
});

/**
 * `POST {base}/chat/completions` with the retry policy of lib/llm/retry-policy.ts: a limiter slot
 * before every attempt and released as soon as it ends, timeouts that close the connection
 * (lib/llm/http-exchange.ts), backoff with jitter, Retry-After passed on to the limiter so that
 * every request on the endpoint waits. What the body asks is the caller's business; this module
 * only tells it when the server refused the response format or logprobs, so the caller can ask
 * again without them.
 */
import { endpointUrl } from './base-url';
import { readChatReply, type ChatReply } from './chat-reply';
import type { EndpointSettings, RequestLimiter } from './endpoint';
import { EndpointRejectedError, EndpointUnavailableError, readErrorMessage, safeMessage } from './transport-errors';
import { exchange, TransportError, type HttpExchangeResponse } from './http-exchange';
import {
  classifyStatus,
  DEFAULT_RETRY,
  parseRetryAfter,
  retryDelayMs,
  sleep,
  type AttemptOutcome,
  type RetryOptions,
} from './retry-policy';

export interface ChatCompletionRequest {
  endpoint: EndpointSettings;
  limiter: RequestLimiter;
  /** the request body: model, messages, and whatever else the caller sends */
  body: Record<string, unknown>;
  signal?: AbortSignal;
  retry?: Partial<RetryOptions>;
}

interface Counts {
  attempts: number;
  retries: number;
}

export type ChatCompletionOutcome =
  | (Counts & { kind: 'reply'; reply: ChatReply; durationMs: number })
  | (Counts & { kind: 'format-unsupported'; message: string })
  | (Counts & { kind: 'logprobs-unsupported'; message: string })
  | (Counts & { kind: 'too-large'; message: string });

const STOP_HINTS: Record<number, string> = {
  401: 'check the API key',
  403: 'the key may not use this model or endpoint',
  404: 'check the model name and the base URL',
};

export function requestHeaders(apiKey: string | null): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'Paralens',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's message for an error response: from its JSON body, or a short plain-text body. */
export function serverMessageOf(response: HttpExchangeResponse, apiKey: string | null): string | null {
  const fromJson = readErrorMessage(parseJson(response.text));
  const text = fromJson ?? (response.text.trim().startsWith('<') ? null : response.text.trim().slice(0, 300));
  return text ? safeMessage(text, apiKey) : null;
}

type Attempt = { response: HttpExchangeResponse } | { transport: TransportError };

async function attemptOnce(request: ChatCompletionRequest, payload: string): Promise<Attempt> {
  const { endpoint, limiter, signal } = request;
  const release = await limiter.acquire(signal);
  try {
    const response = await exchange({
      method: 'POST',
      url: endpointUrl(endpoint.baseUrl, 'chat/completions'),
      headers: requestHeaders(endpoint.apiKey),
      body: payload,
      timeoutMs: endpoint.timeoutMs,
      signal,
    });
    return { response };
  } catch (error) {
    if (error instanceof TransportError) return { transport: error };
    throw error;
  } finally {
    release();
  }
}

function outcomeOf(attempt: Attempt, request: ChatCompletionRequest): AttemptOutcome {
  if ('transport' in attempt) return { action: 'retry', problem: attempt.transport.message, retryAfterMs: null };
  const { response } = attempt;
  return classifyStatus(
    response.status,
    response.status >= 300 ? serverMessageOf(response, request.endpoint.apiKey) : null,
    { responseFormat: request.body.response_format !== undefined, logprobs: request.body.logprobs === true },
    parseRetryAfter(response.headers['retry-after'], Date.now()),
  );
}

function readReply(response: HttpExchangeResponse, endpoint: EndpointSettings): ChatReply {
  const body = parseJson(response.text);
  const reply = readChatReply(body);
  if (reply) return reply;
  const said = readErrorMessage(body);
  throw new EndpointRejectedError({
    endpoint: endpoint.name,
    status: response.status,
    serverMessage: said ? safeMessage(said, endpoint.apiKey) : null,
    hint: 'the answer is not a chat completion; check that the base URL points at the OpenAI-compatible API',
  });
}

/**
 * Sends the body until it gets a reply, a fallback signal or a final error. Throws
 * EndpointRejectedError (stop), EndpointUnavailableError (retries exhausted) or the signal's reason.
 */
export async function postChatCompletion(request: ChatCompletionRequest): Promise<ChatCompletionOutcome> {
  const options: RetryOptions = { ...DEFAULT_RETRY, ...request.retry };
  const { endpoint, limiter, signal } = request;
  const payload = JSON.stringify(request.body);
  const counts: Counts = { attempts: 0, retries: 0 };
  for (;;) {
    counts.attempts += 1;
    const attempt = await attemptOnce(request, payload);
    if ('transport' in attempt && attempt.transport.problem === 'tls')
      throw new EndpointRejectedError({ endpoint: endpoint.name, status: null, serverMessage: attempt.transport.message });
    if ('transport' in attempt && attempt.transport.problem === 'too-large')
      return { ...counts, kind: 'too-large', message: attempt.transport.message };
    const outcome = outcomeOf(attempt, request);
    switch (outcome.action) {
      case 'done':
        if (!('response' in attempt)) throw new Error('unreachable: a transport error is never done');
        return {
          ...counts,
          kind: 'reply',
          reply: readReply(attempt.response, endpoint),
          durationMs: attempt.response.durationMs,
        };
      case 'fallback-format':
        return { ...counts, kind: 'format-unsupported', message: outcome.message };
      case 'fallback-logprobs':
        return { ...counts, kind: 'logprobs-unsupported', message: outcome.message };
      case 'stop': {
        const status = 'response' in attempt ? attempt.response.status : null;
        const hint = status === null ? undefined : STOP_HINTS[status];
        throw new EndpointRejectedError({ endpoint: endpoint.name, status, serverMessage: outcome.message, hint });
      }
      case 'retry': {
        if (counts.attempts >= options.attempts)
          throw new EndpointUnavailableError({
            endpoint: endpoint.name,
            status: 'response' in attempt ? attempt.response.status : null,
            serverMessage: 'response' in attempt ? serverMessageOf(attempt.response, endpoint.apiKey) : null,
            attempts: counts.attempts,
            problem: outcome.problem,
          });
        const wait = retryDelayMs(counts.attempts, outcome.retryAfterMs, options);
        if (outcome.retryAfterMs !== null) await limiter.pause?.(Date.now() + wait);
        counts.retries += 1;
        await sleep(wait, signal);
      }
    }
  }
}

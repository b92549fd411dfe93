/**
 * What to do after each HTTP attempt, and how long to wait before the next. The statuses follow
 * the OpenAI API's error codes and the SDKs' retry rule (408, 409, 429 and 5xx are retried, with
 * exponential backoff; openai-node retries twice by default) and what local servers do: Ollama
 * answers 503 once more requests wait than `OLLAMA_MAX_QUEUE` allows (ollama PR #4144), llama.cpp
 * answers 500 to a `response_format` it cannot use (plastic-labs/honcho #1174) or 500 naming
 * json_schema on builds without it (ik_llama.cpp #778), LM Studio 400 to `json_object`
 * (lmstudio-bug-tracker #189), and OpenAI 400 "This model does not support the 'logprobs'
 * parameter" (openai-python #1080). Backoff is "full jitter" (AWS Architecture Blog, "Exponential
 * Backoff and Jitter", 2015): a uniform wait in [0, min(cap, base·2^n)]. `Retry-After` is seconds
 * or an HTTP date (RFC 9110 §10.2.3), honoured up to a cap.
 */
import { abortError } from './transport-errors';

export interface RetryOptions {
  /** HTTP attempts per request, the first included */
  attempts: number;
  baseMs: number;
  capMs: number;
  /** the longest Retry-After honoured; a longer one is waited for only this long */
  retryAfterCapMs: number;
  /** uniform [0, 1): injectable so that tests can fix the jitter */
  random: () => number;
}

export const DEFAULT_RETRY: RetryOptions = {
  attempts: 6,
  baseMs: 1000,
  capMs: 30_000,
  retryAfterCapMs: 10 * 60_000,
  random: Math.random,
};

export type AttemptOutcome =
  | { action: 'done' }
  | { action: 'retry'; problem: string; retryAfterMs: number | null }
  | { action: 'fallback-format'; message: string }
  | { action: 'fallback-logprobs'; message: string }
  | { action: 'stop'; message: string | null };

const FORMAT_WORDS = /response[_ ]?format|json[_ ]?schema|json[_ ]?object|structured output|guided[_ ]decoding/i;
const LOGPROB_WORDS = /logprobs|top_logprobs|log prob/i;

/** Statuses that say "try again later" (OpenAI API reference; RFC 9110). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The decision for a finished HTTP exchange. A 400 (or 422, which FastAPI-based servers such as
 * llama-cpp-python send for a body they cannot validate) or a 500 whose message names the response
 * format means that form is unsupported; a 400/422 naming logprobs means that parameter is
 * unsupported. Each only when the request carried it, so a 400 can never loop.
 */
export function classifyStatus(
  status: number,
  serverMessage: string | null,
  sent: { responseFormat: boolean; logprobs: boolean },
  retryAfterMs: number | null,
): AttemptOutcome {
  if (status >= 200 && status < 300) return { action: 'done' };
  const message = serverMessage ?? '';
  const badRequest = status === 400 || status === 422;
  if (sent.logprobs && badRequest && LOGPROB_WORDS.test(message)) return { action: 'fallback-logprobs', message };
  if (sent.responseFormat && (badRequest || status === 500) && FORMAT_WORDS.test(message))
    return { action: 'fallback-format', message };
  if (isRetryableStatus(status))
    return { action: 'retry', problem: `HTTP ${status}${message ? `: ${message}` : ''}`, retryAfterMs };
  return { action: 'stop', message: serverMessage };
}

/** `Retry-After` (delay-seconds or an HTTP date) in milliseconds from `nowMs`, or null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `retry` (1 for the first retry): the server's Retry-After when it
 * sent one (capped), otherwise full jitter.
 */
export function retryDelayMs(retry: number, retryAfterMs: number | null, options: RetryOptions): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, options.retryAfterCapMs);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (retry - 1));
  return Math.floor(options.random() * ceiling);
}

/** Waits `ms`, or rejects with the signal's reason when it is cancelled first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One request of a model-rater run: one pair, in one order, one sample. The job runner calls
 * askPair for each and stores the result; everything a researcher needs to trust or audit the
 * label comes back with it (the server's model name, system_fingerprint, the raw output, usage,
 * latency, the response format that was used).
 *
 * The request is OpenAI's chat completion (`model`, `messages`, `temperature`, `seed`,
 * `max_tokens`, `response_format`, `logprobs` + `top_logprobs`, OpenAI API reference). Servers
 * break structured output in known ways (LM Studio refuses json_object, lmstudio-bug-tracker #189;
 * llama.cpp builds answer 500 to json_schema, ik_llama.cpp #778; some models refuse logprobs,
 * openai-python #1080), so the form falls back json_schema → json_object → plain prompt, and
 * logprobs are dropped, each remembered in the endpoint's memory for the next request. Every answer
 * is parsed tolerantly (lib/llm/json-extract.ts) and validated; an invalid one is asked once more
 * with the validation error, then recorded as failed with the raw output. A cut-off answer
 * (`finish_reason: "length"`), a refusal (`message.refusal`) or an empty answer is a failure with
 * its reason, never a label. Transport problems are not failures of the pair: they throw.
 */
import type { Answers, Question } from '@/lib/annotation/questions';
import { postChatCompletion } from '@/lib/llm/chat-completion';
import type { ChatReply, ChatUsage } from '@/lib/llm/chat-reply';
import type { EndpointMemory, EndpointSettings, RequestLimiter, ResponseFormatMode } from '@/lib/llm/endpoint';
import { EndpointRejectedError } from '@/lib/llm/transport-errors';
import { extractAnswerJson, isEmptyReply } from '@/lib/llm/json-extract';
import { expectedRatings, type ExpectedRating } from '@/lib/llm/logprob-ratings';
import type { RetryOptions } from '@/lib/llm/retry-policy';
import { renderPrompt } from './prompt';
import { likertScale, responseFormatBody } from './response-schema';
import { validateModelAnswers } from './validate-answers';

// The runner names these through this module: they are the contract of askPair.
export type { EndpointMemory, EndpointSettings, RequestLimiter, ResponseFormatMode } from '@/lib/llm/endpoint';
export type { RetryOptions } from '@/lib/llm/retry-policy';

/** How many alternatives per token are asked for: enough for a 0-4 scale, and OpenAI's usual example. */
export const TOP_LOGPROBS = 5;

export interface AskPairInput {
  endpoint: EndpointSettings;
  memory: EndpointMemory;
  limiter: RequestLimiter;
  model: string;
  template: string;
  guidelines: string;
  /** the asked questions, in the order asked */
  questions: readonly Question[];
  /** the two texts in the order shown to the model */
  text1: string;
  text2: string;
  temperature: number;
  seed: number | null;
  maxTokens: number | null;
  wantLogprobs: boolean;
  signal?: AbortSignal;
  retry?: Partial<RetryOptions>;
}

export interface AskPairResult {
  status: 'ok' | 'failed';
  /** in the order shown (text1/text2 as given); lib/model-raters/answers-order.ts maps them back */
  answers: Answers | null;
  failure: string | null;
  /** the final reply's `content` as sent (the answer may have come from `reasoning`) */
  raw: string | null;
  reasoning: string | null;
  /** when asked again: the first, invalid answer (its content, or its reasoning when the content was empty) */
  firstRaw: string | null;
  finishReason: string | null;
  responseModel: string | null;
  systemFingerprint: string | null;
  /** summed over the replies of this call (the ask and the re-ask) */
  usage: ChatUsage | null;
  /** time spent in the HTTP exchanges that brought replies, without limiter waits and backoff */
  latencyMs: number;
  /** HTTP attempts in all, and how many of them were transport retries */
  attempts: number;
  retries: number;
  reasked: boolean;
  /** the response format of the final request */
  format: ResponseFormatMode;
  /** Likert keys whose expected rating could be read from the logprobs */
  expected: Record<string, ExpectedRating> | null;
  /** what is now known about the endpoint: the caller persists it when it changed */
  memory: EndpointMemory;
}

const NEXT_FORMAT: Record<ResponseFormatMode, ResponseFormatMode | null> = {
  json_schema: 'json_object',
  json_object: 'prompt',
  prompt: null,
};

type Judgement = { kind: 'ok'; answers: Answers } | { kind: 'failed'; failure: string } | { kind: 'invalid'; error: string };

/** What a reply amounts to: a valid answer, a failure with its reason, or an invalid answer worth asking again. */
function judge(reply: ChatReply, questions: readonly Question[]): Judgement {
  if (reply.refusal && reply.refusal.trim() !== '') return { kind: 'failed', failure: `refused: ${reply.refusal.trim()}` };
  if (reply.finishReason === 'length')
    return { kind: 'failed', failure: 'the answer was cut off at the token limit (finish_reason "length")' };
  if (reply.finishReason === 'content_filter')
    return { kind: 'failed', failure: 'the answer was withheld by a content filter (finish_reason "content_filter")' };
  if (isEmptyReply(reply.content, reply.reasoning)) return { kind: 'failed', failure: 'empty answer' };
  const found = extractAnswerJson(reply.content, reply.reasoning);
  if (!found) return { kind: 'invalid', error: 'The answer contains no JSON object.' };
  const check = validateModelAnswers(questions, found.value);
  return check.ok ? { kind: 'ok', answers: check.answers } : { kind: 'invalid', error: check.error };
}

interface Reask {
  said: string;
  error: string;
}

function requestBody(input: AskPairInput, mode: ResponseFormatMode, logprobs: boolean, reask: Reask | null) {
  const prompt = renderPrompt({ ...input, format: mode });
  const messages = [
    ...(prompt.system === null ? [] : [{ role: 'system', content: prompt.system }]),
    { role: 'user', content: prompt.user },
    ...(reask === null
      ? []
      : [
          { role: 'assistant', content: reask.said },
          { role: 'user', content: `That answer is not valid: ${reask.error} Answer again with only the corrected JSON object.` },
        ]),
  ];
  const format = responseFormatBody(mode, input.questions);
  return {
    model: input.model,
    messages,
    temperature: input.temperature,
    stream: false,
    ...(input.seed === null ? {} : { seed: input.seed }),
    ...(input.maxTokens === null ? {} : { max_tokens: input.maxTokens }),
    ...(format === undefined ? {} : { response_format: format }),
    ...(logprobs ? { logprobs: true, top_logprobs: TOP_LOGPROBS } : {}),
  };
}

function addUsage(total: ChatUsage | null, more: ChatUsage | null): ChatUsage | null {
  if (!more) return total;
  return {
    promptTokens: (total?.promptTokens ?? 0) + more.promptTokens,
    completionTokens: (total?.completionTokens ?? 0) + more.completionTokens,
  };
}

function expectedOf(reply: ChatReply, answers: Answers, questions: readonly Question[]): Record<string, ExpectedRating> | null {
  const scales = Object.fromEntries(questions.filter((q) => q.type === 'likert').map((q) => [q.key, likertScale(q)]));
  if (!reply.logprobs || Object.keys(scales).length === 0) return null;
  const found = Object.entries(expectedRatings(reply.logprobs, answers, scales)).filter(
    (e): e is [string, ExpectedRating] => e[1] !== null,
  );
  return found.length > 0 ? Object.fromEntries(found) : null;
}

/** Asks the model about one pair; throws EndpointRejectedError, EndpointUnavailableError or the signal's AbortError. */
export async function askPair(input: AskPairInput): Promise<AskPairResult> {
  const memory: EndpointMemory = { ...input.memory };
  let mode: ResponseFormatMode = memory.responseFormat ?? 'json_schema';
  let logprobs = input.wantLogprobs && memory.logprobs !== false;
  let reask: Reask | null = null;
  const totals = { attempts: 0, retries: 0, latencyMs: 0, usage: null as ChatUsage | null };
  const base = () => ({ ...totals, reasked: reask !== null, firstRaw: reask?.said ?? null, format: mode, memory });
  for (;;) {
    const outcome = await postChatCompletion({
      endpoint: input.endpoint,
      limiter: input.limiter,
      body: requestBody(input, mode, logprobs, reask),
      signal: input.signal,
      retry: input.retry,
    });
    totals.attempts += outcome.attempts;
    totals.retries += outcome.retries;
    if (outcome.kind === 'format-unsupported') {
      const next = NEXT_FORMAT[mode];
      if (next === null)
        throw new EndpointRejectedError({ endpoint: input.endpoint.name, status: null, serverMessage: outcome.message });
      mode = next;
      continue;
    }
    if (outcome.kind === 'logprobs-unsupported') {
      logprobs = false;
      memory.logprobs = false;
      continue;
    }
    if (outcome.kind === 'too-large') return { ...emptyResult(), ...base(), failure: outcome.message };
    const { reply } = outcome;
    memory.responseFormat = mode;
    if (logprobs) memory.logprobs = true;
    totals.latencyMs += outcome.durationMs;
    totals.usage = addUsage(totals.usage, reply.usage);
    const judgement = judge(reply, input.questions);
    if (judgement.kind === 'invalid' && reask === null) {
      reask = { said: reply.content?.trim() ? reply.content : (reply.reasoning ?? ''), error: judgement.error };
      continue;
    }
    const provenance = {
      raw: reply.content,
      reasoning: reply.reasoning,
      finishReason: reply.finishReason,
      responseModel: reply.model,
      systemFingerprint: reply.systemFingerprint,
    };
    if (judgement.kind === 'ok')
      return {
        ...base(),
        ...provenance,
        status: 'ok',
        answers: judgement.answers,
        failure: null,
        expected: expectedOf(reply, judgement.answers, input.questions),
      };
    const failure = judgement.kind === 'failed' ? judgement.failure : `invalid answer, also when asked again: ${judgement.error}`;
    return { ...base(), ...provenance, status: 'failed', answers: null, failure, expected: null };
  }
}

function emptyResult() {
  return {
    status: 'failed' as const,
    answers: null,
    raw: null,
    reasoning: null,
    finishReason: null,
    responseModel: null,
    systemFingerprint: null,
    expected: null,
  };
}

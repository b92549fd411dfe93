/**
 * A chat completion read defensively into the fields Paralens keeps, following the OpenAI API
 * reference (`choices[0].message.{content, refusal}`, `finish_reason`, `model`,
 * `system_fingerprint`, `usage`, `choices[0].logprobs.content[].{token, logprob, top_logprobs}`)
 * and the extras of local servers: the chain of thought in `message.reasoning_content` (DeepSeek's
 * name, used by llama.cpp and older vLLM) or `message.reasoning` (vLLM since PR #27752, OpenRouter),
 * and `content` given as a list of text parts.
 */

export interface TopLogprob {
  token: string;
  logprob: number;
}

export interface TokenLogprob extends TopLogprob {
  top: TopLogprob[];
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatReply {
  content: string | null;
  reasoning: string | null;
  refusal: string | null;
  finishReason: string | null;
  model: string | null;
  systemFingerprint: string | null;
  usage: ChatUsage | null;
  logprobs: TokenLogprob[] | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function readContent(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const parts = value.map((p) => (isObject(p) ? str(p.text) : str(p))).filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('') : null;
}

function readTop(value: unknown): TopLogprob | null {
  if (!isObject(value)) return null;
  const token = str(value.token);
  const logprob = num(value.logprob);
  return token === null || logprob === null ? null : { token, logprob };
}

function readLogprobs(value: unknown): TokenLogprob[] | null {
  if (!isObject(value) || !Array.isArray(value.content)) return null;
  const tokens: TokenLogprob[] = [];
  for (const entry of value.content) {
    const own = readTop(entry);
    if (!own || !isObject(entry)) return null;
    const top = Array.isArray(entry.top_logprobs) ? entry.top_logprobs.map(readTop).filter((t) => t !== null) : [];
    tokens.push({ ...own, top });
  }
  return tokens;
}

function readUsage(value: unknown): ChatUsage | null {
  if (!isObject(value)) return null;
  const promptTokens = num(value.prompt_tokens);
  const completionTokens = num(value.completion_tokens);
  return promptTokens === null || completionTokens === null ? null : { promptTokens, completionTokens };
}

/** The reply in a chat completion body, or null when the body is not one (no `choices[0].message`). */
export function readChatReply(body: unknown): ChatReply | null {
  if (!isObject(body) || !Array.isArray(body.choices)) return null;
  const choice: unknown = body.choices[0];
  if (!isObject(choice) || !isObject(choice.message)) return null;
  const message = choice.message;
  return {
    content: readContent(message.content),
    reasoning: str(message.reasoning_content) ?? str(message.reasoning),
    refusal: str(message.refusal),
    finishReason: str(choice.finish_reason),
    model: str(body.model),
    systemFingerprint: str(body.system_fingerprint),
    usage: readUsage(body.usage),
    logprobs: readLogprobs(choice.logprobs),
  };
}

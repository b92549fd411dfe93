/**
 * What the OpenAI stand-in (openai-stand-in.ts) answers: deterministic values computed from the
 * request, so a test can recompute them or read them from the stand-in's log. The keys and allowed
 * values come from the JSON schema the request carries (`response_format.json_schema.schema`) or,
 * without one, from a JSON schema written into the messages (the prompt of the json_object and
 * plain-prompt forms); each value is chosen by SHA-256 of the first user message, the seed and the
 * key. The reply's shape follows the OpenAI chat completion object (choices, message, finish_reason,
 * logprobs.content[].{token, logprob, top_logprobs}, usage, system_fingerprint).
 */
import { createHash } from 'node:crypto';
import { extractJsonObject } from '../json-extract';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The content of each message that has text content. */
export function messageTexts(body: Json, role?: string): string[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages
    .filter((m): m is Json => isObject(m) && (role === undefined || m.role === role) && typeof m.content === 'string')
    .map((m) => m.content as string);
}

/** The first JSON object with `properties` in the text (a schema quoted in a prompt). */
function schemaInText(text: string): Json | null {
  let from = 0;
  for (let i = 0; i < 32; i++) {
    const found = extractJsonObject(text.slice(from));
    if (!found) return null;
    if (isObject(found.value.properties)) return found.value;
    from += found.end;
  }
  return null;
}

/** The answer schema of a request: from response_format, else from the messages. */
export function requestSchema(body: Json): Json | null {
  const format = body.response_format;
  if (isObject(format) && format.type === 'json_schema' && isObject(format.json_schema) && isObject(format.json_schema.schema))
    return format.json_schema.schema;
  for (const text of messageTexts(body)) {
    const schema = schemaInText(text);
    if (schema) return schema;
  }
  return null;
}

/** What identifies the pair as shown: the first user message. */
export function pairKeyOf(body: Json): string {
  return messageTexts(body, 'user')[0] ?? '';
}

function pick(pairKey: string, seed: unknown, key: string): number {
  return createHash('sha256')
    .update(`${pairKey}\u0000${JSON.stringify(seed ?? null)}\u0000${key}`)
    .digest()
    .readUInt32BE(0);
}

function valueFor(property: Json, h: number): unknown {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[h % property.enum.length];
  if (property.type === 'integer' || property.type === 'number') {
    const min = typeof property.minimum === 'number' ? property.minimum : 0;
    const max = typeof property.maximum === 'number' ? property.maximum : 4;
    return min + (h % (max - min + 1));
  }
  if (property.type === 'boolean') return h % 2 === 0;
  if (property.type === 'string') return `stand-in reason ${h.toString(16)}`;
  return null;
}

/**
 * The answer the stand-in gives for a request, in the schema's key order; `outOfScale` puts the
 * first integer 2 above its maximum.
 */
export function standInAnswer(body: Json, options: { outOfScale: boolean } = { outOfScale: false }): Json {
  const schema = requestSchema(body);
  const properties = schema && isObject(schema.properties) ? schema.properties : {};
  const answer: Json = {};
  let spoiled = !options.outOfScale;
  for (const [key, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    answer[key] = valueFor(property, pick(pairKeyOf(body), body.seed, key));
    if (!spoiled && property.type === 'integer') {
      const max = typeof property.maximum === 'number' ? property.maximum : Math.max(...((property.enum as number[]) ?? [4]));
      answer[key] = max + 2;
      spoiled = true;
    }
  }
  return answer;
}

/**
 * Token log probabilities for a content string: digits are single tokens whose alternatives are the
 * digit (p 0.7), its neighbours (0.1 each, when they are digits) and a quote (0.05); every other
 * stretch is one certain token. `standInExpectation` gives the expected rating that implies.
 */
export function standInLogprobs(content: string): Json[] {
  const pieces = content.match(/\d|[^\d]+/g) ?? [];
  return pieces.map((token) => {
    if (!/^\d$/.test(token)) return { token, logprob: 0, bytes: null, top_logprobs: [{ token, logprob: 0, bytes: null }] };
    const d = Number(token);
    const top = [
      { token, logprob: Math.log(0.7) },
      ...[d - 1, d + 1].filter((n) => n >= 0 && n <= 9).map((n) => ({ token: String(n), logprob: Math.log(0.1) })),
      { token: '"', logprob: Math.log(0.05) },
    ];
    return { token, logprob: Math.log(0.7), bytes: null, top_logprobs: top.map((t) => ({ ...t, bytes: null })) };
  });
}

/** The expected rating the stand-in's logprobs imply for a digit d on the scale min..max. */
export function standInExpectation(d: number, min: number, max: number): { value: number; mass: number } {
  const parts = [
    [d, 0.7],
    [d - 1, 0.1],
    [d + 1, 0.1],
  ].filter(([k]) => k! >= min && k! <= max && k! >= 0 && k! <= 9);
  const mass = parts.reduce((s, [, p]) => s + p!, 0);
  return { value: parts.reduce((s, [k, p]) => s + k! * p!, 0) / mass, mass };
}

/** The reply-shaping misbehaviours of the stand-in. */
export type Misbehaviour = 'fences' | 'prose' | 'think' | 'truncate' | 'reasoningContent' | 'empty' | 'refuse' | 'outOfScale';

function shapeContent(text: string, on: (name: Misbehaviour) => boolean): string {
  let content = text;
  if (on('fences')) content = `\`\`\`json\n${content}\n\`\`\``;
  if (on('prose')) content = `Here is my judgement of the two texts:\n${content}\nI hope this helps.`;
  if (on('think')) content = `<think>Comparing the two texts {draft}.</think>\n${content}`;
  return content;
}

/** The chat completion the stand-in sends, with the misbehaviours that `on` says apply to this request. */
export function standInCompletion(
  request: { index: number; body: Json },
  on: (name: Misbehaviour) => boolean,
  emitLogprobs: boolean,
): Json {
  const { body } = request;
  const answer = standInAnswer(body, { outOfScale: on('outOfScale') });
  const json = JSON.stringify(answer);
  let content: string | null = shapeContent(json, on);
  let finishReason = 'stop';
  const message: Json = { role: 'assistant' };
  if (on('truncate')) {
    content = content.slice(0, Math.max(1, Math.floor(content.length / 2)));
    finishReason = 'length';
  }
  if (on('reasoningContent')) {
    message.reasoning_content = `Both texts compared. ${json}`;
    content = '';
  }
  if (on('empty')) content = '';
  message.refusal = null;
  if (on('refuse')) {
    content = null;
    message.refusal = 'I cannot help with judging these texts.';
  }
  message.content = content;
  const logprobs = body.logprobs === true && emitLogprobs ? { content: standInLogprobs(content ?? '') } : null;
  const promptChars = JSON.stringify(body.messages ?? '').length;
  const completionTokens = (content ?? '').length;
  return {
    id: `chatcmpl-stand-in-${request.index}`,
    object: 'chat.completion',
    created: 1_700_000_000 + request.index,
    model: body.model,
    system_fingerprint: 'fp_stand_in',
    choices: [{ index: 0, message, logprobs, finish_reason: finishReason }],
    usage: { prompt_tokens: Math.ceil(promptChars / 4), completion_tokens: completionTokens, total_tokens: 0 },
  };
}

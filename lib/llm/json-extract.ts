/**
 * The JSON object in a model's answer, read tolerantly: servers that ignore `response_format` (or
 * the plain-prompt fallback) give the object wrapped in Markdown fences (LM Studio's /v1/responses,
 * lmstudio-bug-tracker #2403), between sentences, after a `<think>…</think>` block (DeepSeek-R1 and
 * Qwen3 without a reasoning parser; vLLM's reasoning-outputs docs), or with `content` empty and the
 * text in `reasoning_content` (llama.cpp, older vLLM). The first balanced `{…}` that parses as an
 * object is the answer; in a chain of thought the last one is, since drafts come first.
 */

export interface ExtractedJson {
  value: Record<string, unknown>;
  /** offsets of the object in the text searched */
  start: number;
  end: number;
}

/** Longest stretch searched, and most candidate objects tried: an answer is a few hundred characters. */
const MAX_SCAN = 100_000;
const MAX_CANDIDATES = 64;

/** Where the answer begins: after the last `</think>`, since reasoning before it is not the answer. */
export function answerStart(text: string): number {
  const close = text.lastIndexOf('</think>');
  return close === -1 ? 0 : close + '</think>'.length;
}

/** The index just after the `}` that closes the `{` at `open`, or -1 when it is not closed. */
function balancedEnd(text: string, open: number, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function parseObject(candidate: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(candidate);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The first (or last) JSON object in `text`, searching after any `<think>` block. */
export function extractJsonObject(text: string, which: 'first' | 'last' = 'first'): ExtractedJson | null {
  const limit = Math.min(text.length, answerStart(text) + MAX_SCAN);
  let from = answerStart(text);
  let found: ExtractedJson | null = null;
  for (let tried = 0; tried < MAX_CANDIDATES; tried++) {
    const open = text.indexOf('{', from);
    if (open === -1 || open >= limit) break;
    const end = balancedEnd(text, open, limit);
    const value = end === -1 ? null : parseObject(text.slice(open, end));
    if (value) {
      found = { value, start: open, end };
      if (which === 'first') return found;
      from = end;
    } else from = open + 1;
  }
  return found;
}

export interface AnswerJson extends ExtractedJson {
  source: 'content' | 'reasoning';
}

const isBlank = (text: string | null): boolean =>
  text === null || text.trim() === '' || text.slice(answerStart(text)).trim() === '';

/**
 * The answer object of a reply: from `content`, or from the reasoning when the content is empty
 * (a server that put everything in `reasoning_content`). Null when neither holds one.
 */
export function extractAnswerJson(content: string | null, reasoning: string | null): AnswerJson | null {
  if (!isBlank(content)) {
    const found = extractJsonObject(content!);
    return found ? { ...found, source: 'content' } : null;
  }
  const found = reasoning ? extractJsonObject(reasoning, 'last') : null;
  return found ? { ...found, source: 'reasoning' } : null;
}

/** Whether the reply says nothing at all: no content after any think block, and no reasoning. */
export function isEmptyReply(content: string | null, reasoning: string | null): boolean {
  return isBlank(content) && (reasoning === null || reasoning.trim() === '');
}

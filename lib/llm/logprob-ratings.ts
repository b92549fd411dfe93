/**
 * The expected rating of a Likert answer from the token probabilities the server returned: at the
 * position where the rating was emitted, p(k) for each value k of the scale among the top
 * alternatives, renormalised over the scale, and E = Σ p(k)·k: the probability-weighted score of
 * G-Eval (Liu et al. 2023, "G-Eval: NLG Evaluation using GPT-4 with Better Human Alignment", its
 * scoring function), which is finer than the sampled integer. The token
 * shape is the OpenAI API's `choices[0].logprobs.content[].{token, logprob, top_logprobs[]}`, as
 * vLLM and llama.cpp's server return it too. The scale's share of the probability mass at that
 * position is reported beside it: a small mass means the model meant something other than a digit
 * there and the expectation says little.
 */
import type { TokenLogprob, TopLogprob } from './chat-reply';
import { extractJsonObject } from './json-extract';

export interface ExpectedRating {
  /** Σ p(k)·k over the scale, p renormalised over the scale's values */
  value: number;
  /** the probability the scale's values had together at that position, before renormalising */
  mass: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Character offset of each token in the joined text. */
function tokenStarts(tokens: readonly TokenLogprob[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const t of tokens) {
    starts.push(at);
    at += t.token.length;
  }
  return starts;
}

/** The scale value an alternative token stands for at this position, or null. */
function valueOf(token: string, prefix: string, suffix: string, scale: readonly number[]): number | null {
  const bare = token.trim().replace(/^"|"$/g, '');
  for (const k of scale) if (token === `${prefix}${k}${suffix}` || bare === String(k)) return k;
  return null;
}

function expectationAt(token: TokenLogprob, prefix: string, suffix: string, scale: readonly number[]): ExpectedRating | null {
  const seen = new Set<string>();
  const candidates: TopLogprob[] = [];
  for (const c of [{ token: token.token, logprob: token.logprob }, ...token.top]) {
    if (!seen.has(c.token)) candidates.push(c);
    seen.add(c.token);
  }
  let mass = 0;
  let weighted = 0;
  for (const c of candidates) {
    const k = valueOf(c.token, prefix, suffix, scale);
    if (k === null) continue;
    const p = Math.exp(c.logprob);
    mass += p;
    weighted += p * k;
  }
  return mass > 0 ? { value: weighted / mass, mass: Math.min(1, mass) } : null;
}

/**
 * For each key with a scale, the expected rating at the token where its value was written (after the
 * key, inside the answer object), or null when that position cannot be found: no logprobs for the
 * answer, the value split over several tokens, or the written value not the parsed answer.
 */
export function expectedRatings(
  tokens: readonly TokenLogprob[],
  answers: Readonly<Record<string, unknown>>,
  scales: Readonly<Record<string, readonly number[]>>,
): Record<string, ExpectedRating | null> {
  const out: Record<string, ExpectedRating | null> = Object.fromEntries(Object.keys(scales).map((k) => [k, null]));
  const joined = tokens.map((t) => t.token).join('');
  const json = extractJsonObject(joined);
  if (!json) return out;
  const starts = tokenStarts(tokens);
  const region = joined.slice(json.start, json.end);
  for (const [key, scale] of Object.entries(scales)) {
    const match = new RegExp(`"${escapeRegExp(key)}"\\s*:\\s*"?(-?\\d+)`).exec(region);
    if (!match || Number(match[1]) !== Number(answers[key])) continue;
    const digits = match[1]!;
    const at = json.start + match.index + match[0].length - digits.length;
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > at) i--;
    const token = tokens[i];
    if (!token || at + digits.length > starts[i]! + token.token.length) continue;
    const prefix = token.token.slice(0, at - starts[i]!);
    const suffix = token.token.slice(at - starts[i]! + digits.length);
    out[key] = expectationAt(token, prefix, suffix, scale);
  }
  return out;
}

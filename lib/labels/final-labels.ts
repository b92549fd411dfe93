/**
 * The final answer of one question for one pair, from the annotators' answers (issue: annotation
 * quality): unanimous agreement; otherwise the majority, except that ties and Likert (or ordinal)
 * spreads of `openSpread` points or more are left open; an adjudicator's decision overrides all of
 * it. Likert and ordinal finals are the median (lower middle for an even count, always a value on
 * the scale: EACL 2023 paper, Fig. 2); nominal ones the most frequent answer (Spanish QA study:
 * majority of three assessors). Free-text questions have no final label. Pure.
 */
import { computeMajorityVote, computeMedianRating } from './aggregation-rules';

export type FinalMethodName = 'unanimous' | 'majority' | 'adjudicated' | 'open';
export type FinalValue = number | string | boolean;

/** What the rules need to know about a question (lib/annotation/questions.ts Question fits). */
export interface FinalQuestion {
  key: string;
  type: 'likert' | 'boolean' | 'relation' | 'text' | 'choice';
  options?: ReadonlyArray<{ value: string }>;
  level?: 'nominal' | 'ordinal';
}

export interface FinalRules {
  /** ordered questions: answers this many points apart or more are left open (default 2) */
  openSpread: number;
}

export const DEFAULT_FINAL_RULES: FinalRules = { openSpread: 2 };

export interface FinalDecision {
  method: FinalMethodName;
  /** null when open */
  value: FinalValue | null;
  /** answers counted */
  n: number;
}

/** Whether the question gets a final label at all (free text does not). */
export function hasFinalLabel(question: FinalQuestion): boolean {
  return question.type !== 'text';
}

function isOrdered(question: FinalQuestion): boolean {
  return question.type === 'likert' || (question.type === 'choice' && question.level === 'ordinal');
}

/** Scale positions of ordered answers (Likert: the number; ordinal choice: the option's index). */
function positionsOf(question: FinalQuestion, values: readonly FinalValue[]): number[] | null {
  if (question.type === 'likert') return values.every((v) => typeof v === 'number') ? (values as number[]) : null;
  const options = (question.options ?? []).map((o) => o.value);
  const positions = values.map((v) => options.indexOf(String(v)));
  return positions.every((p) => p >= 0) ? positions : null;
}

function valueAt(question: FinalQuestion, position: number): FinalValue | null {
  return question.type === 'likert' ? position : (question.options?.[position]?.value ?? null);
}

export function decideFinalLabel(question: FinalQuestion, values: readonly FinalValue[], adjudicated?: FinalValue, rules: FinalRules = DEFAULT_FINAL_RULES): FinalDecision {
  const n = values.length;
  if (adjudicated !== undefined) return { method: 'adjudicated', value: adjudicated, n };
  const [first] = values;
  if (first === undefined) return { method: 'open', value: null, n };
  if (values.every((v) => v === first)) return { method: 'unanimous', value: first, n };
  if (isOrdered(question)) {
    const positions = positionsOf(question, values);
    if (positions) {
      const spread = Math.max(...positions) - Math.min(...positions);
      if (spread >= rules.openSpread) return { method: 'open', value: null, n };
      return { method: 'majority', value: valueAt(question, computeMedianRating(positions)!), n };
    }
  }
  const vote = computeMajorityVote(values.map((v) => (typeof v === 'boolean' ? String(v) : v)));
  if (vote.kind !== 'winner') return { method: 'open', value: null, n };
  const winner = values.find((v) => (typeof v === 'boolean' ? String(v) : v) === vote.value)!;
  return { method: 'majority', value: winner, n };
}

export interface PairFinal {
  answers: Record<string, FinalValue>;
  method: Record<string, FinalMethodName>;
  n: number;
}

/** Every labelled question of one pair: `annotations` are the counted annotators' answers. */
export function decidePairFinal(
  questions: readonly FinalQuestion[],
  annotations: ReadonlyArray<Readonly<Record<string, unknown>>>,
  adjudication: Readonly<Record<string, unknown>> | null,
  rules: FinalRules = DEFAULT_FINAL_RULES,
): PairFinal {
  const out: PairFinal = { answers: {}, method: {}, n: annotations.length };
  for (const question of questions.filter(hasFinalLabel)) {
    const values = annotations.map((a) => a[question.key]).filter((v): v is FinalValue => v !== undefined && v !== null && v !== '');
    const decided = adjudication?.[question.key] as FinalValue | undefined;
    const decision = decideFinalLabel(question, values, decided ?? undefined, rules);
    out.method[question.key] = decision.method;
    if (decision.value !== null) out.answers[question.key] = decision.value;
  }
  return out;
}

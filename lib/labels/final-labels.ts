/**
 * The final answer of one question for one pair, from the annotators' answers (the method says
 * what happened). In order:
 * - an adjudicator's decision overrides everything → `adjudicated`;
 * - no answer counted → `unanswered`;
 * - every answer the same → `unanimous`;
 * - ordered questions (Likert, ordinal choice): answers `openSpread` points apart or more are left
 *   open → `spread`; otherwise the median → `median` (always a value on the scale: EACL 2023 paper,
 *   Fig. 2). With an even count whose two middle values differ, the campaign's `orderedTie` rule
 *   takes the lower or the upper one (recorded as `medianRule`) or leaves it open → `tie`;
 * - yes/no questions: the answer more than half gave → `majority`; an exact 50/50 split follows
 *   `yesNoTie`: open → `tie`, or yes / no, which is the upper / lower median of the scale no < yes
 *   → `median` with that `medianRule` (the paraphrases-in-interviews study counts at least half yes
 *   as a paraphrase: `yes`);
 * - nominal questions (relation, nominal choice): the answer with a strict plurality → `majority`
 *   (Spanish QA study: majority of three assessors); a tie for the most frequent → `tie`.
 * - yes/no questions under a named vote rule (MultiPIT, Twitter URL, PIT-2015, the Spanish
 *   study): the rule decides → `vote` (or `unanimous`), an undecided count → `tie` or `discarded`,
 *   too few answers yet for the rule → `pending`;
 * Free-text questions have no final label. Pure.
 */
import {
  classifyVotes,
  computeMajorityVote,
  VOTE_RULE_CARDS,
  VOTE_RULE_NAMES,
  VOTE_RULES,
  type MedianTie,
  type VoteRuleName,
} from './aggregation-rules';

export type FinalMethodName =
  'unanimous' | 'majority' | 'median' | 'vote' | 'tie' | 'spread' | 'discarded' | 'pending' | 'adjudicated' | 'unanswered';
export const FINAL_METHODS = [
  'unanimous',
  'majority',
  'median',
  'vote',
  'tie',
  'spread',
  'discarded',
  'pending',
  'adjudicated',
  'unanswered',
] as const satisfies readonly FinalMethodName[];
/** The methods that leave a question open: the adjudication queue's. */
export const OPEN_METHODS = ['tie', 'spread', 'unanswered'] as const satisfies readonly FinalMethodName[];
export const isOpenMethod = (method: FinalMethodName) => (OPEN_METHODS as readonly FinalMethodName[]).includes(method);

/** What is left to adjudicate in both its units: "2 pairs open (3 labels)", "nothing open". */
export function describeOpenCount({ pairs, labels }: { pairs: number; labels: number }): string {
  if (pairs === 0) return 'nothing open';
  const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(pairs, 'pair')} open (${plural(labels, 'label')})`;
}
/** The methods of a decision the annotators did not all share (the discussion round's). */
export const DISAGREED_METHODS = [
  'majority',
  'median',
  'vote',
  'tie',
  'spread',
  'discarded',
] as const satisfies readonly FinalMethodName[];
export const MEDIAN_RULES = ['lower', 'upper'] as const satisfies readonly MedianTie[];
export type { MedianTie };
export type FinalValue = number | string | boolean;

/** Ordered questions: an even count whose middle values differ takes the lower, the upper, or stays open. */
export type OrderedTieRule = MedianTie | 'open';
export const ORDERED_TIE_RULES = ['lower', 'upper', 'open'] as const satisfies readonly OrderedTieRule[];
/** Yes/no questions: an exact 50/50 split stays open, or counts as yes, or as no. */
export type YesNoTieRule = 'open' | 'yes' | 'no';
export const YES_NO_TIE_RULES = ['open', 'yes', 'no'] as const satisfies readonly YesNoTieRule[];
/**
 * Yes/no questions: a plain majority (with `yesNoTie` for 50/50), or one of the papers' vote rules
 * (lib/labels/aggregation-rules.ts).
 */
export type YesNoRule = 'majority' | VoteRuleName;
export const YES_NO_RULES = ['majority', ...VOTE_RULE_NAMES] as const satisfies readonly YesNoRule[];
export { VOTE_RULE_CARDS, type VoteRuleName };

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
  /** ordered questions, an even count whose two middle values differ (default `lower`) */
  orderedTie: OrderedTieRule;
  /** yes/no questions, an exact 50/50 split (default `open`); unused under a vote rule */
  yesNoTie: YesNoTieRule;
  /** yes/no questions: plain majority (default) or a named vote rule */
  yesNoRule: YesNoRule;
}

export const DEFAULT_FINAL_RULES: FinalRules = { openSpread: 2, orderedTie: 'lower', yesNoTie: 'open', yesNoRule: 'majority' };

export interface FinalDecision {
  method: FinalMethodName;
  /** null when left open (tie, spread, unanswered) */
  value: FinalValue | null;
  /** answers counted */
  n: number;
  /** `median` only, when the two middle values of an even count differed: which one was taken */
  medianRule?: MedianTie;
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

function decideOrdered(question: FinalQuestion, positions: readonly number[], rules: FinalRules): FinalDecision {
  const n = positions.length;
  const sorted = [...positions].sort((a, b) => a - b);
  if (sorted[n - 1]! - sorted[0]! >= rules.openSpread) return { method: 'spread', value: null, n };
  const lower = sorted[Math.floor((n - 1) / 2)]!;
  const upper = sorted[Math.floor(n / 2)]!;
  if (lower === upper) return { method: 'median', value: valueAt(question, lower), n };
  if (rules.orderedTie === 'open') return { method: 'tie', value: null, n };
  return {
    method: 'median',
    value: valueAt(question, rules.orderedTie === 'lower' ? lower : upper),
    n,
    medianRule: rules.orderedTie,
  };
}

function decideYesNo(values: readonly FinalValue[], rules: FinalRules): FinalDecision {
  const n = values.length;
  const yes = values.filter((v) => v === true).length;
  if (yes * 2 !== n) return { method: 'majority', value: yes * 2 > n, n };
  if (rules.yesNoTie === 'open') return { method: 'tie', value: null, n };
  return rules.yesNoTie === 'yes'
    ? { method: 'median', value: true, n, medianRule: 'upper' }
    : { method: 'median', value: false, n, medianRule: 'lower' };
}

/**
 * Yes/no answers under a named vote rule, which counts votes of a fixed number of judgements (its
 * `of`). With fewer answers counted so far, it decides only what the missing votes can no longer
 * change, and otherwise waits (`pending`: not a label, not open for adjudication). An undecided
 * count is left open (`tie`) or set aside (`discarded`) as the rule's paper did.
 */
function decideByVoteRule(values: readonly boolean[], name: VoteRuleName): FinalDecision {
  const n = values.length;
  const yes = values.filter(Boolean).length;
  const rule = VOTE_RULES[name];
  const card = VOTE_RULE_CARDS[name];
  const missing = Math.max(0, card.of - n);
  const decision = classifyVotes(yes, n, rule);
  const unanimous = yes === 0 || yes === n;
  if (decision === 'positive') return { method: unanimous ? 'unanimous' : 'vote', value: true, n };
  if (missing > 0) {
    if (yes + missing < rule.negativeBelow) return { method: unanimous ? 'unanimous' : 'vote', value: false, n };
    return { method: 'pending', value: null, n };
  }
  if (decision === 'negative') return { method: unanimous ? 'unanimous' : 'vote', value: false, n };
  return { method: card.undecided, value: null, n };
}

export function decideFinalLabel(
  question: FinalQuestion,
  values: readonly FinalValue[],
  adjudicated?: FinalValue,
  rules: FinalRules = DEFAULT_FINAL_RULES,
): FinalDecision {
  const n = values.length;
  if (adjudicated !== undefined) return { method: 'adjudicated', value: adjudicated, n };
  const [first] = values;
  if (first === undefined) return { method: 'unanswered', value: null, n };
  if (question.type === 'boolean' && rules.yesNoRule !== 'majority' && values.every((v) => typeof v === 'boolean')) {
    return decideByVoteRule(values, rules.yesNoRule);
  }
  if (values.every((v) => v === first)) return { method: 'unanimous', value: first, n };
  if (isOrdered(question)) {
    const positions = positionsOf(question, values);
    if (positions) return decideOrdered(question, positions, rules);
  }
  if (question.type === 'boolean' && values.every((v) => typeof v === 'boolean')) return decideYesNo(values, rules);
  const vote = computeMajorityVote(values.map((v) => (typeof v === 'boolean' ? String(v) : v)));
  if (vote.kind !== 'winner') return { method: 'tie', value: null, n };
  const winner = values.find((v) => (typeof v === 'boolean' ? String(v) : v) === vote.value)!;
  return { method: 'majority', value: winner, n };
}

const METHOD_WORDS: Record<FinalMethodName, string> = {
  unanimous: 'unanimous',
  majority: 'majority of the answers',
  median: 'median of the answers',
  vote: "the campaign's vote rule",
  tie: 'tied (open)',
  spread: 'answers too far apart (open)',
  discarded: 'discarded by the vote rule',
  pending: 'waiting for more answers',
  adjudicated: 'adjudicated',
  unanswered: 'not answered (open)',
};

/** How a final label came about, in words for screens: "median of the answers, lower middle", "tied (open)". */
export function describeFinalMethod(method: FinalMethodName, medianRule?: MedianTie | null): string {
  const words = METHOD_WORDS[method] ?? method;
  return medianRule ? `${words}, ${medianRule} middle` : words;
}

export interface PairFinal {
  answers: Record<string, FinalValue>;
  method: Record<string, FinalMethodName>;
  /** the questions decided by an even-count median whose middle values differed: which middle was taken */
  medianRule: Record<string, MedianTie>;
  n: number;
}

/** Every labelled question of one pair: `annotations` are the counted annotators' answers. */
export function decidePairFinal(
  questions: readonly FinalQuestion[],
  annotations: ReadonlyArray<Readonly<Record<string, unknown>>>,
  adjudication: Readonly<Record<string, unknown>> | null,
  rules: FinalRules = DEFAULT_FINAL_RULES,
): PairFinal {
  const out: PairFinal = { answers: {}, method: {}, medianRule: {}, n: annotations.length };
  for (const question of questions.filter(hasFinalLabel)) {
    const values = annotations
      .map((a) => a[question.key])
      .filter((v): v is FinalValue => v !== undefined && v !== null && v !== '');
    const decided = adjudication?.[question.key] as FinalValue | undefined;
    const decision = decideFinalLabel(question, values, decided ?? undefined, rules);
    out.method[question.key] = decision.method;
    if (decision.value !== null) out.answers[question.key] = decision.value;
    if (decision.medianRule) out.medianRule[question.key] = decision.medianRule;
  }
  return out;
}

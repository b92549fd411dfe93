/**
 * The questions a campaign asks about each pair, and how answers are checked against them.
 * Built-in questions follow the papers: semantic and syntactic similarity on the 0-4 Likert scale
 * (EACL 2023 study: sem-0..sem-4, syn-0..syn-4), paraphrase yes/no under MultiPIT's loose and
 * strict definitions, the thesis's entailment relation (with the direction of entailment kept),
 * and a free-text rationale (Spanish QA study). Custom choice questions (nominal or ordinal) let
 * labels collected under other schemes fit too. Pure: no database, no framework.
 */
import { isRelation, RELATIONS, swapRelation, type Relation } from './relations';

export const BUILT_IN_QUESTION_KEYS = [
  'semantic',
  'syntactic',
  'paraphraseLoose',
  'paraphraseStrict',
  'relation',
  'rationale',
] as const;
export type BuiltInQuestionKey = (typeof BUILT_IN_QUESTION_KEYS)[number];

export type QuestionType = 'likert' | 'boolean' | 'relation' | 'text' | 'choice';

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A condition on another question's answer (for rationales required only for some answers). */
export interface AnswerCondition {
  question: string;
  values: ReadonlyArray<string | number | boolean>;
}

export interface Question {
  key: string;
  type: QuestionType;
  label: string;
  required: boolean;
  /** likert: five anchors for 0..4; choice: the options in order */
  options?: readonly ChoiceOption[];
  /** choice questions: how agreement treats the options */
  level?: 'nominal' | 'ordinal';
  /** text questions: required when any condition holds (besides `required`) */
  requiredWhen?: readonly AnswerCondition[];
  /** text questions: longest accepted answer */
  maxLength?: number;
}

export type AnswerValue = number | boolean | string;
export type Answers = Record<string, AnswerValue>;

export const LIKERT_ANCHORS: Record<'semantic' | 'syntactic', readonly ChoiceOption[]> = {
  semantic: [
    { value: '0', label: 'unrelated: no shared meaning' },
    { value: '1', label: 'a little shared meaning' },
    { value: '2', label: 'some important information shared, much differs' },
    { value: '3', label: 'mostly the same meaning, details differ' },
    { value: '4', label: 'the same meaning' },
  ],
  syntactic: [
    { value: '0', label: 'completely different wording' },
    { value: '1', label: 'a few shared words' },
    { value: '2', label: 'some shared phrases' },
    { value: '3', label: 'mostly the same wording' },
    { value: '4', label: 'identical or nearly identical wording' },
  ],
};

export const RATIONALE_MAX_LENGTH = 4000;

/** The built-in question with its defaults (all required but the rationale). */
export function builtInQuestion(key: BuiltInQuestionKey): Question {
  switch (key) {
    case 'semantic':
      return { key, type: 'likert', label: 'Semantic similarity (0-4)', required: true, options: LIKERT_ANCHORS.semantic };
    case 'syntactic':
      return { key, type: 'likert', label: 'Syntactic similarity (0-4)', required: true, options: LIKERT_ANCHORS.syntactic };
    case 'paraphraseLoose':
      return { key, type: 'boolean', label: 'Paraphrase under the loose definition?', required: true };
    case 'paraphraseStrict':
      return { key, type: 'boolean', label: 'Paraphrase under the strict definition?', required: true };
    case 'relation':
      return {
        key,
        type: 'relation',
        label: 'Entailment relation',
        required: true,
        options: RELATIONS.map((r) => ({ value: r, label: r })),
      };
    case 'rationale':
      return { key, type: 'text', label: 'Rationale', required: false, maxLength: RATIONALE_MAX_LENGTH };
  }
}

export function isBuiltInQuestionKey(key: string): key is BuiltInQuestionKey {
  return (BUILT_IN_QUESTION_KEYS as readonly string[]).includes(key);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
}

function conditionHolds(condition: AnswerCondition, answers: Readonly<Record<string, unknown>>): boolean {
  const given = answers[condition.question];
  return given !== undefined && condition.values.includes(given as string | number | boolean);
}

/** Whether the question must be answered, given the other answers. */
export function isRequired(question: Question, answers: Readonly<Record<string, unknown>>): boolean {
  return question.required || (question.requiredWhen ?? []).some((c) => conditionHolds(c, answers));
}

type Checked = { value: AnswerValue } | { error: string };

/** Checks one value: the value to store, or what is wrong with it. */
function checkValue(question: Question, value: unknown): Checked {
  const fail = (error: string): Checked => ({ error });
  switch (question.type) {
    case 'likert':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 4
        ? { value: value as number }
        : fail(`must be an integer from 0 to 4, not ${describe(value)}`);
    case 'boolean':
      return typeof value === 'boolean' ? { value } : fail(`must be true or false, not ${describe(value)}`);
    case 'relation':
      return typeof value === 'string' && (RELATIONS as readonly string[]).includes(value)
        ? { value: value as Relation }
        : fail(`must be one of ${RELATIONS.join(', ')}, not ${describe(value)}`);
    case 'text': {
      if (typeof value !== 'string') return fail(`must be text, not ${describe(value)}`);
      const max = question.maxLength ?? RATIONALE_MAX_LENGTH;
      return value.length <= max ? { value: value.trim() } : fail(`must be at most ${max} characters (it has ${value.length})`);
    }
    case 'choice': {
      const options = question.options ?? [];
      return typeof value === 'string' && options.some((o) => o.value === value)
        ? { value }
        : fail(`must be one of ${options.map((o) => o.value).join(', ')}, not ${describe(value)}`);
    }
  }
}

export type AnswerCheck = { ok: true; answers: Answers } | { ok: false; errors: Record<string, string> };

/**
 * Checks a submission's answers against the campaign's questions: unknown questions, values out of
 * range and missing required answers are reported per field; empty text counts as not given.
 */
export function checkAnswers(questions: readonly Question[], raw: unknown): AnswerCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, errors: { answers: 'must be an object of answers by question' } };
  const given = raw as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const answers: Answers = {};
  const byKey = new Map(questions.map((q) => [q.key, q]));
  for (const key of Object.keys(given)) if (!byKey.has(key)) errors[key] = 'is not a question of this campaign';
  for (const question of questions) {
    const value = given[question.key];
    if (value === undefined || value === null || (question.type === 'text' && typeof value === 'string' && value.trim() === ''))
      continue;
    const checked = checkValue(question, value);
    if ('error' in checked) errors[question.key] = checked.error;
    else answers[question.key] = checked.value;
  }
  for (const question of questions) {
    if (answers[question.key] === undefined && errors[question.key] === undefined && isRequired(question, answers)) {
      errors[question.key] = question.required ? 'is required' : 'is required for the answers given';
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** A question as a campaign definition gives it: a built-in key, or an object with settings. */
export type QuestionInput =
  | string
  | {
      key: string;
      type?: 'choice';
      label?: string;
      required?: boolean;
      options?: ReadonlyArray<string | ChoiceOption>;
      level?: 'nominal' | 'ordinal';
      requiredWhen?: readonly AnswerCondition[];
    };

const QUESTION_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * The campaign's questions from its definition; errors name each unknown or malformed question.
 * Custom keys must not clash with built-in ones; a custom question needs `type: "choice"` and at
 * least two distinct options.
 */
export function resolveQuestions(inputs: readonly QuestionInput[]): { questions: Question[] } | { errors: string[] } {
  const questions: Question[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, i) => {
    const spec = typeof input === 'string' ? { key: input } : input;
    const where = `questions[${i}] (${JSON.stringify(spec.key)})`;
    if (typeof spec.key !== 'string' || !QUESTION_KEY.test(spec.key))
      return errors.push(`${where}: a key is 1-40 letters, digits, - or _, starting with a letter`);
    if (seen.has(spec.key)) return errors.push(`${where}: asked twice`);
    seen.add(spec.key);
    if (isBuiltInQuestionKey(spec.key)) {
      if (spec.type !== undefined)
        return errors.push(`${where}: is a built-in question; only "required", "label" and "requiredWhen" can be set`);
      const question = builtInQuestion(spec.key);
      if (spec.required !== undefined) question.required = spec.required;
      if (spec.label) question.label = spec.label;
      if (spec.requiredWhen) question.requiredWhen = spec.requiredWhen;
      return questions.push(question);
    }
    if (spec.type !== 'choice')
      return errors.push(
        `${where}: unknown question (built-in: ${BUILT_IN_QUESTION_KEYS.join(', ')}; custom ones need "type": "choice")`,
      );
    const options = (spec.options ?? []).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
    if (options.length < 2 || new Set(options.map((o) => o.value)).size !== options.length || options.some((o) => !o.value)) {
      return errors.push(`${where}: a choice question needs at least two distinct, non-empty options`);
    }
    questions.push({
      key: spec.key,
      type: 'choice',
      label: spec.label ?? spec.key,
      required: spec.required ?? true,
      options,
      level: spec.level ?? 'nominal',
    });
  });
  for (const q of questions) {
    for (const c of q.requiredWhen ?? [])
      if (!seen.has(c.question)) errors.push(`${q.key}: requiredWhen refers to "${c.question}", which is not asked`);
  }
  if (questions.length === 0 && errors.length === 0) errors.push('questions: ask at least one question');
  return errors.length > 0 ? { errors } : { questions };
}

/** The questions as the stored campaign keeps them (JSON), read back defensively. */
export function readStoredQuestions(value: unknown): Question[] {
  return Array.isArray(value)
    ? (value.filter((q) => typeof q === 'object' && q !== null && typeof (q as Question).key === 'string') as Question[])
    : [];
}

/** Answers with relations mapped between the order shown and the stored order (an involution). */
export function answersInOrder(questions: readonly Question[], answers: Answers, swapped: boolean): Answers {
  if (!swapped) return answers;
  const out: Answers = { ...answers };
  for (const q of questions) {
    const value = out[q.key];
    if (q.type === 'relation' && typeof value === 'string' && isRelation(value)) out[q.key] = swapRelation(value);
  }
  return out;
}

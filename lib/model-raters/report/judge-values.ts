/**
 * One question's answers as the judge report reads them: the name of each answer in the question's
 * order (yes/no as "yes" and "no", Likert ratings as "0".."4", as lib/dashboards/label-comparison.ts
 * names them), the value lib/agreement takes (agreementScheme of lib/dashboards/question-agreement.ts:
 * ordinal for Likert and ordinal choices, nominal otherwise) and, for ordered questions, the position
 * on the scale the alt-test's negative RMSE and weighted kappa use. Answers outside the question's
 * categories are left out and counted. Pure.
 */
import type { AltTestValue } from '@/lib/agreement/alt-test';
import type { RatingValue } from '@/lib/agreement/rating-values';
import { agreementScheme } from '@/lib/dashboards/question-agreement';
import { questionCategories } from '@/lib/dashboards/label-comparison';
import type { JudgeAnswer, QuestionJudgeInput } from './judge-types';

export interface JudgeScheme {
  level: 'ordinal' | 'nominal';
  ordered: boolean;
  /** a yes/no question: precision, recall and F1 of "yes" */
  yesNo: boolean;
  /** the names, in the question's order */
  names: string[];
  /** lib/agreement's categories, in agreementScheme's order */
  ratingCategories: RatingValue[];
  ratingOf: ReadonlyMap<string, RatingValue>;
  positionOf: ReadonlyMap<string, number>;
}

/** The answer's name; null for an answer outside the question's categories. */
export function answerName(scheme: JudgeScheme, value: JudgeAnswer | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const name = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return scheme.ratingOf.has(name) ? name : null;
}

export function resolveJudgeScheme(input: Pick<QuestionJudgeInput, 'question'>): JudgeScheme {
  const scheme = agreementScheme(input.question);
  if (!scheme) throw new RangeError(`question "${input.question.key}" is free text: a model's answers to it are not judged`);
  const ratingCategories = scheme.categories;
  return {
    level: scheme.level,
    ordered: scheme.level === 'ordinal',
    yesNo: input.question.type === 'boolean',
    names: questionCategories(input.question),
    ratingCategories,
    ratingOf: new Map(ratingCategories.map((c) => [String(c), c])),
    positionOf: new Map(ratingCategories.map((c, i) => [String(c), i])),
  };
}

/** The alt-test's value of an answer: its position on an ordered scale, else its name. */
export function altTestValue(scheme: JudgeScheme, name: string): AltTestValue {
  return scheme.ordered ? (scheme.positionOf.get(name) ?? Number.NaN) : name;
}

/** The answers of one question, checked and named, over the pairs the humans or the model answered. */
export interface PreparedAnswers {
  scheme: JudgeScheme;
  coders: string[];
  /** humans[coder] : pair id → answer name */
  humans: Array<Map<number, string>>;
  model: Map<number, string>;
  /** pair ids the model and at least one human answered, ascending */
  compared: number[];
  humansOnly: number;
  modelOnly: number;
  invalidAnswers: { model: number; humans: number };
}

export function prepareAnswers(input: QuestionJudgeInput, scheme: JudgeScheme = resolveJudgeScheme(input)): PreparedAnswers {
  const invalidAnswers = { model: 0, humans: 0 };
  const humans = input.humans.coders.map((_, c) => {
    const answers = new Map<number, string>();
    input.humans.units.forEach((unit, u) => {
      const value = input.humans.ratings[c]?.[u];
      if (value === null || value === undefined) return;
      const name = answerName(scheme, value);
      if (name === null) invalidAnswers.humans += 1;
      else answers.set(unit, name);
    });
    return answers;
  });
  const model = new Map<number, string>();
  for (const [pair, value] of input.model) {
    const name = answerName(scheme, value);
    if (name === null) invalidAnswers.model += 1;
    else model.set(pair, name);
  }
  const rated = new Set<number>();
  for (const answers of humans) for (const pair of answers.keys()) rated.add(pair);
  const compared = [...model.keys()].filter((p) => rated.has(p)).sort((a, b) => a - b);
  return {
    scheme,
    coders: [...input.humans.coders],
    humans,
    model,
    compared,
    humansOnly: [...rated].filter((p) => !model.has(p)).length,
    modelOnly: model.size - compared.length,
    invalidAnswers,
  };
}

/**
 * A campaign's quality settings: which questions count towards gold
 * accuracy (default: every labelled question the gold answer gives), how far a Likert answer may be
 * from the gold one and still count as right (default 1 point), and from what spread an ordered
 * question's answers are left open rather than decided by their median (default 2 points), and
 * what an exact tie does: an even count of ordered answers whose two middle values
 * differ takes the lower one (default), the upper one, or stays open; a 50/50 split of yes/no
 * answers stays open (default) or counts as yes or as no; or yes/no questions follow one of the
 * papers' vote rules. Nominal ties are always open. Stored in
 * `Campaign.qualitySettings`; anything missing there is the default, so campaigns made before a
 * setting existed behave as before. Pure.
 */
import type { Answers, Question } from './questions';
import {
  ORDERED_TIE_RULES,
  VOTE_RULE_CARDS,
  YES_NO_RULES,
  YES_NO_TIE_RULES,
  type FinalRules,
  type OrderedTieRule,
  type YesNoRule,
  type YesNoTieRule,
} from '@/lib/labels/final-labels';
import { DEFAULT_GATE_SETTINGS, type GateSettings } from './quality-gate';
import { checkGoldAnswer, countedGoldAnswers, DEFAULT_LIKERT_TOLERANCE, type GoldCheck } from './gold-check';

export interface QualitySettings extends GateSettings {
  /** the questions that count towards gold accuracy; null = every labelled question the gold answer gives */
  goldQuestions: string[] | null;
  /** Likert answers this many points from the gold answer or fewer count as right */
  likertTolerance: number;
  /** ordered answers this many points apart or more are left open (a spread above the scale never is) */
  openSpread: number;
  /**
   * ordered questions (Likert, ordinal choice): an even count whose two middle values differ takes
   * the lower, the upper, or stays open
   */
  orderedTie: OrderedTieRule;
  /** yes/no questions: an exact 50/50 split stays open, or counts as yes, or as no */
  yesNoTie: YesNoTieRule;
  /** yes/no questions: plain majority, or one of the papers' vote rules */
  yesNoRule: YesNoRule;
}

export const DEFAULT_QUALITY_SETTINGS: QualitySettings = {
  goldQuestions: null,
  likertTolerance: DEFAULT_LIKERT_TOLERANCE,
  openSpread: 2,
  orderedTie: 'lower',
  yesNoTie: 'open',
  yesNoRule: 'majority',
  ...DEFAULT_GATE_SETTINGS,
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

/** The rules of the final labels (lib/labels/final-labels.ts) under the settings. */
export function finalRulesOf(settings: QualitySettings): FinalRules {
  return {
    openSpread: settings.openSpread,
    orderedTie: settings.orderedTie,
    yesNoTie: settings.yesNoTie,
    yesNoRule: settings.yesNoRule,
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isFraction = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= 1;

/** The stored settings merged over the defaults (a malformed value falls back to its default). */
export function readQualitySettings(stored: unknown): QualitySettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const gold = s.goldQuestions;
  return {
    goldQuestions: Array.isArray(gold) && gold.every((k) => typeof k === 'string') ? gold : null,
    likertTolerance: isCount(s.likertTolerance) ? s.likertTolerance : DEFAULT_QUALITY_SETTINGS.likertTolerance,
    openSpread: isCount(s.openSpread) && s.openSpread >= 1 ? s.openSpread : DEFAULT_QUALITY_SETTINGS.openSpread,
    orderedTie: oneOf(ORDERED_TIE_RULES, s.orderedTie, DEFAULT_QUALITY_SETTINGS.orderedTie),
    yesNoTie: oneOf(YES_NO_TIE_RULES, s.yesNoTie, DEFAULT_QUALITY_SETTINGS.yesNoTie),
    yesNoRule: oneOf(YES_NO_RULES, s.yesNoRule, DEFAULT_QUALITY_SETTINGS.yesNoRule),
    gateMinKappa: isFraction(s.gateMinKappa, -1) ? s.gateMinKappa : null,
    gateMinGoldAccuracy: isFraction(s.gateMinGoldAccuracy, 0) ? s.gateMinGoldAccuracy : null,
    gateMinJudgements:
      isCount(s.gateMinJudgements) && s.gateMinJudgements >= 1 ? s.gateMinJudgements : DEFAULT_QUALITY_SETTINGS.gateMinJudgements,
    gateQuestion: typeof s.gateQuestion === 'string' && s.gateQuestion !== '' ? s.gateQuestion : null,
  };
}

/**
 * A vote rule counts a fixed number of judgements per pair: it fits only a campaign whose overlap is
 * that number (otherwise pairs would wait for votes that never come). Null when it fits.
 */
export function voteRuleMismatch(settings: Pick<QualitySettings, 'yesNoRule'>, overlap: number): string | null {
  if (settings.yesNoRule === 'majority') return null;
  const card = VOTE_RULE_CARDS[settings.yesNoRule];
  if (card.of === overlap) return null;
  return `the vote rule "${card.words}" counts ${card.of} judgements per pair, but this campaign collects ${overlap} (its overlap): choose plain majority or a rule for ${overlap}`;
}

/** Problems with the settings for these questions (gold questions must be labelled questions of the campaign). */
export function checkQualitySettings(questions: readonly Question[], settings: QualitySettings): string[] {
  const gateErrors =
    settings.gateQuestion !== null && !questions.some((q) => q.type !== 'text' && q.key === settings.gateQuestion)
      ? [`the quality gate's question ${JSON.stringify(settings.gateQuestion)} is not a labelled question of the campaign`]
      : [];
  return [...gateErrors, ...checkGoldQuestions(questions, settings)];
}

function checkGoldQuestions(questions: readonly Question[], settings: QualitySettings): string[] {
  if (settings.goldQuestions === null) return [];
  const labelled = new Set(questions.filter((q) => q.type !== 'text').map((q) => q.key));
  const unknown = settings.goldQuestions.filter((k) => !labelled.has(k));
  const errors =
    unknown.length > 0 ? [`not a labelled question of the campaign: ${unknown.map((k) => JSON.stringify(k)).join(', ')}`] : [];
  if (settings.goldQuestions.length === 0)
    errors.push('name at least one question, or leave the list out for every labelled question');
  return errors;
}

/** The questions that count towards gold accuracy under the settings (free text never does). */
export function goldCountedQuestions(questions: readonly Question[], settings: QualitySettings): Question[] {
  const chosen = settings.goldQuestions;
  return questions.filter((q) => q.type !== 'text' && (chosen === null || chosen.includes(q.key)));
}

export interface GoldGrade extends GoldCheck {
  /** the expected answers that count (empty: the gold pair gives none of the counted questions and is not graded) */
  expected: Answers;
}

/** Grades one answer to a gold pair under the campaign's settings. */
export function gradeGoldAnswer(
  questions: readonly Question[],
  settings: QualitySettings,
  expected: Answers,
  given: Answers,
): GoldGrade {
  const counted = goldCountedQuestions(questions, settings);
  return {
    ...checkGoldAnswer(counted, expected, given, settings.likertTolerance),
    expected: countedGoldAnswers(counted, expected),
  };
}

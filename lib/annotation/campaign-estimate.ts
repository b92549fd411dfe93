/**
 * How long a campaign still needs: the answers still missing (non-gold items × overlap − answers
 * given) times the median active time per pair, shared among the annotators active recently. The
 * median, not the mean, because a pair left open over lunch would otherwise dominate. It is an
 * estimate of annotation time, not of calendar time: it assumes the active annotators keep working
 * in parallel. Pure.
 */
/** Annotators who answered within this many days count as active for the estimate. */
export const ACTIVE_WINDOW_DAYS = 7;

export interface EstimateInput {
  /** non-gold items × overlap */
  targetAnswers: number;
  /** answers given on non-gold items (at most `overlap` counted per item) */
  answers: number;
  /** median active time per pair over the campaign's answers; null before the first answer */
  medianMs: number | null;
  /** annotators who answered within the activity window */
  activeAnnotators: number;
  /** annotator members */
  annotators: number;
  overlap: number;
}

export type Estimate =
  | { kind: 'done' }
  | { kind: 'unknown'; reason: string; remainingAnswers: number; warning: string | null }
  | { kind: 'estimate'; remainingAnswers: number; personMs: number; wallMs: number | null; warning: string | null };

export function estimateTimeLeft(input: EstimateInput): Estimate {
  const remainingAnswers = Math.max(0, input.targetAnswers - input.answers);
  if (remainingAnswers === 0) return { kind: 'done' };
  const warning =
    input.annotators < input.overlap
      ? `${input.annotators === 0 ? 'No' : `Only ${input.annotators}`} annotator${input.annotators === 1 ? '' : 's'} for an overlap of ${input.overlap}: the pairs cannot get all their answers until more members are added.`
      : null;
  if (input.medianMs === null)
    return {
      kind: 'unknown',
      reason: 'No answers yet: the estimate needs the time of the first ones.',
      remainingAnswers,
      warning,
    };
  const personMs = remainingAnswers * input.medianMs;
  const wallMs = input.activeAnnotators > 0 ? personMs / input.activeAnnotators : null;
  return { kind: 'estimate', remainingAnswers, personMs, wallMs, warning };
}

/** "45 s", "12 min", "3 h 20 min", "2 d 4 h": two units at most. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

/** Share of the target answers given, 0..1 (1 for an empty target). */
export function completion(answers: number, targetAnswers: number): number {
  return targetAnswers <= 0 ? 1 : Math.min(1, answers / targetAnswers);
}

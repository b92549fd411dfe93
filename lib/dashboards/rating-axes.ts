/**
 * The human axes a campaign's measures can be correlated with ("every rating axis"):
 * every ordered question it asks (the 0-4 Likert scales, and custom choice questions marked
 * ordinal, read as the position of the option: 0 for the first) and the derived "human Δ", the
 * per-pair semantic rating minus the syntactic one (EACL 2023: Δsem,syn "correlates well with
 * manual judgments"; with the median aggregate this is the median semantic rating minus the
 * median syntactic rating). Pure: the values are aggregated in SQL (lib/db/dashboards/campaign-correlations.ts).
 */
import type { Question } from '@/lib/annotation/questions';

/** Not a possible question key (keys are letters, digits, - and _), so it never hides a question. */
export const HUMAN_DELTA_AXIS = 'human.delta';

export type RatingAxisKind = 'likert' | 'ordinal' | 'humanDelta';

export interface RatingAxisDef {
  key: string;
  label: string;
  kind: RatingAxisKind;
  /** ordinal choice questions: the option values in order (position = the value correlated) */
  options?: string[];
  /** the range of the per-pair value */
  range: [number, number];
}

/** The campaign's ordered questions, in the order asked, then human Δ when both Likert scales are asked. */
export function ratingAxes(questions: readonly Question[]): RatingAxisDef[] {
  const axes: RatingAxisDef[] = [];
  for (const q of questions) {
    if (q.type === 'likert') axes.push({ key: q.key, label: q.label, kind: 'likert', range: [0, 4] });
    else if (q.type === 'choice' && q.level === 'ordinal' && q.options && q.options.length >= 2) {
      axes.push({
        key: q.key,
        label: q.label,
        kind: 'ordinal',
        options: q.options.map((o) => o.value),
        range: [0, q.options.length - 1],
      });
    }
  }
  const keys = new Set(questions.map((q) => q.key));
  if (keys.has('semantic') && keys.has('syntactic'))
    axes.push({ key: HUMAN_DELTA_AXIS, label: 'human Δ (semantic − syntactic rating)', kind: 'humanDelta', range: [-4, 4] });
  return axes;
}

/** The axis of that key, or null with the keys there are (for a 400 that says what to ask for). */
export function findRatingAxis(questions: readonly Question[], key: string): { axis: RatingAxisDef } | { error: string } {
  const axes = ratingAxes(questions);
  const axis = axes.find((a) => a.key === key);
  if (axis) return { axis };
  const asked = questions.find((q) => q.key === key);
  const why = asked
    ? `"${key}" is not an ordered question (${asked.type === 'choice' ? 'its options are nominal' : `a ${asked.type} question`})`
    : `the campaign asks no question "${key}"`;
  return { error: `${why}; rating axes of this campaign: ${axes.map((a) => a.key).join(', ') || 'none'}` };
}

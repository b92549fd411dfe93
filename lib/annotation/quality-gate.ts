/**
 * MultiPIT's quality gate (Dou et al. 2022, sec. 3 "Quality Control"): "Workers can continue in the
 * task if they achieve >85% accuracy on the test pairs and >0.2 Cohen's kappa when compared with
 * the major vote of other workers." Per annotator: Cohen's κ between their answers and the
 * majority of the other (counted) annotators on the pairs they share, one question (default the
 * first yes/no question), pairs whose other answers tie for the most frequent left out; and their
 * accuracy on gold pairs. The campaign's quality settings can exclude automatically once an
 * annotator has given a minimum number of judgements. Pure.
 */
import { computeCohenKappaFromTable } from '@/lib/agreement/cohen-kappa';
import type { Estimate } from '@/lib/stats/estimate';
import type { Question } from './questions';

export interface GateSettings {
  /** exclude an annotator whose κ against the others' majority is this or lower (MultiPIT kept > 0.2); null = off */
  gateMinKappa: number | null;
  /** exclude an annotator whose gold accuracy is this or lower, 0-1 (MultiPIT kept > 0.85); null = off */
  gateMinGoldAccuracy: number | null;
  /** judgements (answers in the campaign, gold included) before the gate judges an annotator */
  gateMinJudgements: number;
  /** the question κ is computed on; null = the first yes/no question, else the first labelled one */
  gateQuestion: string | null;
}

export const DEFAULT_GATE_SETTINGS: GateSettings = {
  gateMinKappa: null,
  gateMinGoldAccuracy: null,
  gateMinJudgements: 20,
  gateQuestion: null,
};

export const gateIsOn = (settings: GateSettings) => settings.gateMinKappa !== null || settings.gateMinGoldAccuracy !== null;

/** The question the gate's κ is computed on, or null when the campaign has no labelled question. */
export function gateQuestionOf(questions: readonly Question[], settings: Pick<GateSettings, 'gateQuestion'>): Question | null {
  const labelled = questions.filter((q) => q.type !== 'text');
  if (settings.gateQuestion !== null) return labelled.find((q) => q.key === settings.gateQuestion) ?? null;
  return labelled.find((q) => q.type === 'boolean') ?? labelled[0] ?? null;
}

/** One cell of an annotator's table: `n` pairs where they answered `own` and the others' majority was `majority`. */
export interface MajorityCell {
  own: string;
  majority: string;
  n: number;
}

/** Cohen's κ (unweighted) of an annotator against the others' majority, and the pairs it stands on. */
export function kappaAgainstMajority(cells: readonly MajorityCell[]): { kappa: Estimate; shared: number } {
  const values = [...new Set(cells.flatMap((c) => [c.own, c.majority]))].sort();
  const table = values.map(() => values.map(() => 0));
  for (const c of cells) table[values.indexOf(c.own)]![values.indexOf(c.majority)]! += c.n;
  return { kappa: computeCohenKappaFromTable(table), shared: cells.reduce((s, c) => s + c.n, 0) };
}

export interface GateStanding {
  /** answers the annotator gave in the campaign, gold pairs included */
  judgements: number;
  /** pairs κ stands on (an undivided majority of the others) */
  shared: number;
  kappa: number | null;
  goldAccuracy: number | null;
}

/**
 * Why the gate excludes this annotator (empty: it does not). Nobody is judged before giving the
 * minimum number of judgements, and κ only once it stands on that many shared pairs (a few pairs
 * shared with the wrong people early on say little). An undefined κ or accuracy never excludes.
 */
export function gateReasons(settings: GateSettings, standing: GateStanding): string[] {
  if (!gateIsOn(settings) || standing.judgements < settings.gateMinJudgements) return [];
  const reasons: string[] = [];
  const kappa = standing.shared >= settings.gateMinJudgements ? standing.kappa : null;
  if (settings.gateMinKappa !== null && kappa !== null && kappa <= settings.gateMinKappa) {
    reasons.push(`κ against the others' majority ${kappa.toFixed(3)} is not above ${settings.gateMinKappa}`);
  }
  if (
    settings.gateMinGoldAccuracy !== null &&
    standing.goldAccuracy !== null &&
    standing.goldAccuracy <= settings.gateMinGoldAccuracy
  ) {
    reasons.push(
      `gold accuracy ${(standing.goldAccuracy * 100).toFixed(0)}% is not above ${(settings.gateMinGoldAccuracy * 100).toFixed(0)}%`,
    );
  }
  return reasons;
}

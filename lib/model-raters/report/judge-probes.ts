/**
 * Probes of the model beyond agreement with people:
 * - the swap probe: each pair asked a second time with the two texts exchanged (answers mapped back
 *   to the stored order, so a relation's direction is comparable): how often the model gives the
 *   same answer both ways, Cohen's kappa between the two orders and their confusion matrix. A
 *   symmetric question answered consistently is identical in both orders; position bias shows as
 *   mass off the diagonal; the same comparison of a run with the earlier run it repeats shows drift.
 * - the expected rating of Likert questions (Σ p(k)·k over the model's token probabilities): Pearson's
 *   r with the humans' mean rating (lib/stats/pearson.ts), beside the r of its answered rating, to
 *   show whether the probabilities carry more than the answer.
 * Pure.
 */
import { computeCohenKappa } from '@/lib/agreement/cohen-kappa';
import { computePearson } from '@/lib/stats/pearson';
import { undefinedEstimate } from '@/lib/stats/estimate';
import { buildConfusion, shareEqual, type NamedPair } from './judge-comparisons';
import type { ExpectedRatingSummary, JudgeAnswer, SwapProbe } from './judge-types';
import { answerName, type PreparedAnswers } from './judge-values';

export function probeSwap(prepared: PreparedAnswers, swapped: ReadonlyMap<number, JudgeAnswer>): SwapProbe {
  return compareAnswerSets(prepared, swapped, {
    rows: 'stored order',
    columns: 'texts exchanged',
    none: 'no pair was answered in both orders',
  });
}

/**
 * The drift probe: this run against the earlier run it repeats (same model, prompt and settings), on
 * the pairs both answered: how often the answer is the same, kappa and the confusion matrix.
 */
export function probeRepeat(prepared: PreparedAnswers, earlier: ReadonlyMap<number, JudgeAnswer>): SwapProbe {
  return compareAnswerSets(prepared, earlier, {
    rows: 'this run',
    columns: 'the run it repeats',
    none: 'no pair was answered by both runs',
  });
}

function compareAnswerSets(
  prepared: PreparedAnswers,
  others: ReadonlyMap<number, JudgeAnswer>,
  labels: { rows: string; columns: string; none: string },
): SwapProbe {
  const { scheme } = prepared;
  const pairs: NamedPair[] = [];
  for (const [pair, stored] of prepared.model) {
    const other = answerName(scheme, others.get(pair));
    if (other !== null) pairs.push({ pair, row: stored, column: other });
  }
  const none = labels.none;
  return {
    n: pairs.length,
    identical: shareEqual(pairs, none),
    kappa:
      pairs.length === 0
        ? undefinedEstimate(none)
        : computeCohenKappa(
            pairs.map((p) => scheme.ratingOf.get(p.row)!),
            pairs.map((p) => scheme.ratingOf.get(p.column)!),
            { categories: scheme.ratingCategories },
          ),
    confusion: buildConfusion(pairs, scheme.names, { rows: labels.rows, columns: labels.columns }),
  };
}

/** The humans' mean rating per pair (ordered questions: on scale positions). */
function humanMeans(prepared: PreparedAnswers): Map<number, number> {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const answers of prepared.humans) {
    for (const [pair, name] of answers) {
      const s = sums.get(pair) ?? { sum: 0, n: 0 };
      s.sum += prepared.scheme.positionOf.get(name) ?? 0;
      s.n += 1;
      sums.set(pair, s);
    }
  }
  return new Map([...sums].map(([pair, s]) => [pair, s.sum / s.n]));
}

export function summariseExpectedRatings(
  prepared: PreparedAnswers,
  expected: ReadonlyMap<number, number>,
): ExpectedRatingSummary {
  const means = humanMeans(prepared);
  const pairs = [...expected.keys()]
    .filter((p) => means.has(p) && prepared.model.has(p) && Number.isFinite(expected.get(p)))
    .sort((a, b) => a - b);
  const human = pairs.map((p) => means.get(p)!);
  return {
    n: pairs.length,
    pearson: computePearson(
      pairs.map((p) => expected.get(p)!),
      human,
    ),
    answerPearson: computePearson(
      pairs.map((p) => prepared.scheme.positionOf.get(prepared.model.get(p)!)!),
      human,
    ),
  };
}

/**
 * Agreement broken down by a facet of the pairs: their corpus, their sampling stratum, or the bin
 * of a measure (five equal-width bins over the range the campaign's pairs span). Each group's
 * headline alpha is computed on its own pairs (lib/dashboards/question-agreement.ts). Pure.
 */
import type { MeasureKey, MeasureValues } from '@/lib/measures/catalog';
import { binEdges, binOf } from '@/lib/sampling/strata';
import { stratumLabel } from '@/lib/sampling/describe-sample';
import { subsetTable } from './agreement-aids';
import { computeQuestionAgreement, type AgreementScheme, type QuestionAgreement, type RatingTable } from './question-agreement';

export type BreakdownFacet = { kind: 'corpus' } | { kind: 'stratum' } | { kind: 'measure'; measure: MeasureKey };

export interface FacetSource {
  corpus: string;
  stratum: string | null;
  measures: MeasureValues;
}

export interface BreakdownRow {
  group: string;
  agreement: QuestionAgreement;
}

const BINS = 5;

/** The group label of each pair for the facet (null: the pair has no value for it). */
export function groupPairs(facets: ReadonlyMap<number, FacetSource>, facet: BreakdownFacet): Map<number, string | null> {
  const out = new Map<number, string | null>();
  if (facet.kind !== 'measure') {
    for (const [id, f] of facets)
      out.set(id, facet.kind === 'corpus' ? f.corpus : f.stratum === null ? null : stratumLabel(f.stratum));
    return out;
  }
  const values = [...facets.values()].map((f) => f.measures[facet.measure]).filter((v): v is number => v !== null);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const edges = values.length > 0 ? binEdges(min, max, BINS) : [];
  for (const [id, f] of facets) {
    const v = f.measures[facet.measure];
    if (v === null) out.set(id, null);
    else {
      const [lo, hi] = edges[binOf(v, min, max, BINS)] ?? [v, v];
      out.set(id, `${lo.toFixed(2)}–${hi.toFixed(2)}`);
    }
  }
  return out;
}

export function computeBreakdown(
  table: RatingTable,
  scheme: AgreementScheme,
  facets: ReadonlyMap<number, FacetSource>,
  facet: BreakdownFacet,
): BreakdownRow[] {
  const groups = groupPairs(facets, facet);
  const labels = [...new Set([...groups.values()].filter((g): g is string => g !== null))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  return labels.map((group) => ({
    group,
    agreement: computeQuestionAgreement(
      subsetTable(table, (u) => groups.get(u) === group),
      scheme,
    ),
  }));
}

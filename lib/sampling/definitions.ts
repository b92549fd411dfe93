/**
 * What a sample was drawn on: the definition of every measure it used, recorded with the draw, so
 * the campaign page can say when today's values differ and a redraw can use the recorded definition.
 * A measure's value depends on the tokenizer its corpus was measured with (the text measures, syn,
 * delta) and, for sem and Δ, on which semantic measures formed sem: the lowest tier present of the
 * corpus's semantic set (lib/measures/semantic.ts), recorded per pair in `semParts`. So a sample
 * records, per corpus, the tokenizer, the semantic set and how many of its candidates and of its drawn
 * pairs had sem formed by each combination of measures. Pure.
 */
import {
  isMeasureKey,
  isSemanticMeasureKey,
  measureCatalog,
  semanticMeasureKeys,
  type SemanticMeasureKey,
} from '@/lib/measures/catalog';
import type { SamplePlan } from './sample-plan';

/** One corpus's definitions: sem's parts as "wms,st" (catalogue order; "" for pairs without sem) → pairs. */
export interface CorpusDefinitions {
  tokenizer: string | null;
  semSet: string[];
  /** the candidates (pairs that passed the filters) by the measures that formed their sem */
  semCandidates: Record<string, number>;
  /** the drawn pairs by the measures that formed their sem */
  semItems: Record<string, number>;
}

export interface SampleDefinitions {
  /** the measures the sample's strata and filters read */
  measures: string[];
  /** whether sem entered the draw (stratified by sem, Δ or the map's cells, or filtered on them) */
  usesSem: boolean;
  corpora: Record<string, CorpusDefinitions>;
}

/** The measures a plan reads: the one stratified by (syn and sem for the map's cells) and those filtered on. */
export function measuresUsedBy(plan: Pick<SamplePlan, 'stratify' | 'filters'>): string[] {
  const used = new Set<string>();
  if (plan.stratify?.kind === 'cell') ['syn', 'sem'].forEach((m) => used.add(m));
  if (plan.stratify?.kind === 'measure') used.add(plan.stratify.measure);
  for (const f of plan.filters.measures) used.add(f.measure);
  return [...used];
}

export const semEnters = (measures: readonly string[]) => measures.includes('sem') || measures.includes('delta');

/** "wms,st" → "mean of WMS and ST"; "" → "none (no semantic measure)". */
export function describeSemParts(parts: string): string {
  const keys = parts.split(',').filter(Boolean);
  if (keys.length === 0) return 'none (no semantic measure)';
  const names = keys.map((k) => (isMeasureKey(k) ? measureCatalog[k].label : k));
  return `mean of ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
}

/** sem of a set of pairs in words: "mean of WordNet", or each part with its pairs when they differ. */
export function describeSem(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (entries.length === 0) return 'no pairs';
  if (entries.length === 1) return describeSemParts(entries[0]![0]);
  return entries
    .sort((a, b) => b[1] - a[1])
    .map(([parts, n]) => `${describeSemParts(parts)} (${n.toLocaleString('en')} pair${n === 1 ? '' : 's'})`)
    .join('; ');
}

const sameCounts = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => (a[k] ?? 0) > 0 || (b[k] ?? 0) > 0));
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
};

export interface DefinitionChange {
  corpus: string;
  what: 'tokenizer' | 'sem' | 'corpus';
  then: string;
  now: string;
}

/**
 * What differs today from what the sample was drawn on: a corpus's tokenizer, the sem of the drawn
 * pairs (when sem entered the draw), or a corpus that is gone. `today` has the same corpora's
 * tokenizer and drawn pairs' sem as they are now (missing: the corpus no longer exists).
 */
export function compareDefinitions(
  recorded: SampleDefinitions,
  today: Readonly<Record<string, Pick<CorpusDefinitions, 'tokenizer' | 'semItems'>>>,
): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  for (const [corpus, then] of Object.entries(recorded.corpora)) {
    const now = today[corpus];
    if (!now) {
      changes.push({ corpus, what: 'corpus', then: 'there', now: 'gone' });
      continue;
    }
    if (then.tokenizer !== now.tokenizer)
      changes.push({ corpus, what: 'tokenizer', then: then.tokenizer ?? 'none', now: now.tokenizer ?? 'none' });
    if (recorded.usesSem && !sameCounts(then.semItems, now.semItems))
      changes.push({ corpus, what: 'sem', then: describeSem(then.semItems), now: describeSem(now.semItems) });
  }
  return changes;
}

/**
 * The semantic set each corpus's sem is recomputed from to draw again as drawn: the measures that
 * formed sem for its candidates then (the tier rule over them gives each pair the sem it had, as
 * long as their values have not changed). Empty for corpora whose candidates had no sem.
 */
export function recordedSemSets(recorded: SampleDefinitions): Record<string, SemanticMeasureKey[]> {
  return Object.fromEntries(
    Object.entries(recorded.corpora).map(([corpus, d]) => {
      const parts = new Set(
        Object.entries(d.semCandidates)
          .filter(([, n]) => n > 0)
          .flatMap(([p]) => p.split(',').filter(Boolean)),
      );
      return [corpus, semanticMeasureKeys.filter((k) => parts.has(k))];
    }),
  );
}

/**
 * Why a sample cannot be drawn again with its recorded definitions, or null: it recorded none (drawn
 * before Paralens recorded them), a corpus is gone, or a corpus's tokenizer changed (the text
 * measures and syn are stored values, not recomputed).
 */
export function redrawBlocker(
  recorded: SampleDefinitions | null,
  today: Readonly<Record<string, Pick<CorpusDefinitions, 'tokenizer'>>>,
): string | null {
  if (!recorded)
    return 'This sample was drawn before Paralens recorded the definitions of the measures it used, so it cannot be drawn again as it was drawn.';
  for (const [corpus, then] of Object.entries(recorded.corpora)) {
    const now = today[corpus];
    if (!now) return `The corpus ${corpus} no longer exists.`;
    if (then.tokenizer !== now.tokenizer)
      return `The pairs of ${corpus} were measured with the tokenizer ${then.tokenizer ?? 'none'} when the sample was drawn and with ${now.tokenizer ?? 'none'} now; the text measures and syn are stored values, not recomputed, so the sample cannot be drawn again as it was.`;
  }
  return null;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const counts = (v: unknown): Record<string, number> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, number] => typeof e[1] === 'number'));

/** The definitions a campaign's sampling record holds, read defensively; null when it has none. */
export function readSampleDefinitions(value: unknown): SampleDefinitions | null {
  const d = obj(value);
  if (!Array.isArray(d.measures) || typeof d.corpora !== 'object' || d.corpora === null) return null;
  return {
    measures: d.measures.filter((m): m is string => typeof m === 'string'),
    usesSem: d.usesSem === true,
    corpora: Object.fromEntries(
      Object.entries(obj(d.corpora)).map(([slug, raw]) => {
        const c = obj(raw);
        return [
          slug,
          {
            tokenizer: typeof c.tokenizer === 'string' ? c.tokenizer : null,
            semSet: Array.isArray(c.semSet)
              ? c.semSet.filter((k): k is string => typeof k === 'string' && isSemanticMeasureKey(k))
              : [],
            semCandidates: counts(c.semCandidates),
            semItems: counts(c.semItems),
          },
        ];
      }),
    ),
  };
}

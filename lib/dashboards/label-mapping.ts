/**
 * Mapping one label set onto another before two are compared (lib/dashboards/label-comparison.ts):
 * a campaign's six entailment relations share no value with SICK's ENTAILMENT / NEUTRAL /
 * CONTRADICTION or with yes/no, and comparing them as they are gives a matrix of their union with
 * agreement 0 and κ 0 by construction. A mapping names, for this side (`mine`) or the other
 * (`other`), which value each label counts as; values it does not name stay as they are. Presets cover
 * the cases the seeds meet. In URLs and the API a mapping is a preset's name or `side:value=target`
 * entries joined by `;`, each part URI-encoded. Pure.
 */
import type { LabelCount } from './label-comparison';

export type MappingSide = 'mine' | 'other';

export interface LabelMapping {
  /** the preset it came from, or null for a mapping given value by value */
  preset: string | null;
  mine: Record<string, string>;
  other: Record<string, string>;
}

export interface MappingPreset {
  title: string;
  /** why the values go where they do */
  reading: string;
  /** the values it maps (any side holding them) and what each becomes */
  values: Record<string, string>;
}

export const MAPPING_PRESETS: Record<string, MappingPreset> = {
  'relations-nli': {
    title: "the six relations onto SICK's ENTAILMENT / NEUTRAL / CONTRADICTION",
    reading:
      'As natural logic maps its relations onto three-way inference (MacCartney & Manning 2009): equivalence and forward entailment (the first text entails the second) are ENTAILMENT; exclusion and negation, which cannot both be true, CONTRADICTION; reverse entailment and intersection NEUTRAL.',
    values: {
      equivalence: 'ENTAILMENT',
      forward: 'ENTAILMENT',
      reverse: 'NEUTRAL',
      intersection: 'NEUTRAL',
      exclusion: 'CONTRADICTION',
      negation: 'CONTRADICTION',
    },
  },
  'relations-paraphrase': {
    title: 'the six relations onto yes/no paraphrase',
    reading:
      'Equivalence and entailment in either direction count as a paraphrase (the loose reading, where one text may add or drop a detail); intersection, exclusion and negation do not.',
    values: {
      equivalence: 'yes',
      forward: 'yes',
      reverse: 'yes',
      intersection: 'no',
      exclusion: 'no',
      negation: 'no',
    },
  },
};

export const emptyMapping = (): LabelMapping => ({ preset: null, mine: {}, other: {} });

/**
 * The preset applied to the side whose values it maps (this side first), null when neither side's
 * values are all among the preset's.
 */
export function presetMapping(name: string, mineValues: readonly string[], otherValues: readonly string[]): LabelMapping | null {
  const preset = MAPPING_PRESETS[name];
  if (!preset) return null;
  const covers = (values: readonly string[]) => values.length > 0 && values.every((v) => v in preset.values);
  if (covers(mineValues)) return { preset: name, mine: { ...preset.values }, other: {} };
  if (covers(otherValues)) return { preset: name, mine: {}, other: { ...preset.values } };
  return null;
}

/** A mapping from its URL form: a preset's name, or `side:value=target;…`; an error for text that is neither. */
export function parseMapping(
  text: string,
  mineValues: readonly string[],
  otherValues: readonly string[],
): LabelMapping | { error: string } {
  const trimmed = text.trim();
  if (trimmed in MAPPING_PRESETS) {
    return (
      presetMapping(trimmed, mineValues, otherValues) ?? {
        error: `The preset ${trimmed} maps ${Object.keys(MAPPING_PRESETS[trimmed]!.values).join(', ')}; neither side's labels are all among them.`,
      }
    );
  }
  const mapping = emptyMapping();
  for (const entry of trimmed.split(';').filter(Boolean)) {
    const match = /^(mine|other):([^=]*)=(.*)$/.exec(entry);
    if (!match)
      return { error: `"${entry}" is neither a preset (${Object.keys(MAPPING_PRESETS).join(', ')}) nor side:value=target.` };
    const [, side, from, to] = match as unknown as [string, MappingSide, string, string];
    let value: string;
    let target: string;
    try {
      value = decodeURIComponent(from);
      target = decodeURIComponent(to);
    } catch {
      return { error: `"${entry}" is not URI-encoded.` };
    }
    if (!value || !target) return { error: `"${entry}" needs a value and what it counts as.` };
    mapping[side][value] = target;
  }
  return mapping;
}

/** The URL form of a mapping (the preset's name when it is one). */
export function formatMapping(mapping: LabelMapping): string {
  if (mapping.preset) return mapping.preset;
  return (['mine', 'other'] as const)
    .flatMap((side) => Object.entries(mapping[side]).map(([v, t]) => `${side}:${encodeURIComponent(v)}=${encodeURIComponent(t)}`))
    .join(';');
}

export const isEmptyMapping = (m: LabelMapping | null): boolean =>
  !m || (Object.keys(m.mine).length === 0 && Object.keys(m.other).length === 0);

const mapValue = (values: Record<string, string>, v: string | null) => (v === null ? null : (values[v] ?? v));

/** The counts with each side's values mapped; counts that land on the same cell are added up. */
export function applyMapping(counts: readonly LabelCount[], mapping: LabelMapping): LabelCount[] {
  const merged = new Map<string, LabelCount>();
  for (const c of counts) {
    const mine = mapValue(mapping.mine, c.mine);
    const other = mapValue(mapping.other, c.other);
    const key = JSON.stringify([mine, other]);
    const found = merged.get(key);
    if (found) found.n += c.n;
    else merged.set(key, { mine, other, n: c.n });
  }
  return [...merged.values()];
}

/** A side's categories after the mapping, in order, each once. */
export function mappedCategories(values: readonly string[], map: Record<string, string>): string[] {
  return [...new Set(values.map((v) => map[v] ?? v))];
}

/** Whether two label sets share no value (then a comparison means nothing without a mapping). */
export function shareNoValue(mine: readonly string[], other: readonly string[]): boolean {
  const set = new Set(mine);
  return mine.length > 0 && other.length > 0 && !other.some((v) => set.has(v));
}

/** The presets that would make the two sides comparable. */
export function fittingPresets(mine: readonly string[], other: readonly string[]): string[] {
  return Object.keys(MAPPING_PRESETS).filter((name) => {
    const m = presetMapping(name, mine, other);
    if (!m) return false;
    return !shareNoValue(mappedCategories(mine, m.mine), mappedCategories(other, m.other));
  });
}

/**
 * Which side a mapping chosen value by value maps: the one with more distinct labels onto the
 * coarser one (six relations onto three NLI labels, three NLI labels onto yes/no); this side on a tie.
 */
export function sideToMap(mine: readonly string[], other: readonly string[]): MappingSide {
  return other.length > mine.length ? 'other' : 'mine';
}

/** `href` with its `map` parameter set to `map` (removed when the mapping is empty). */
export function withMapping(href: string, map: string): string {
  const at = href.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : href.slice(at + 1));
  if (map) params.set('map', map);
  else params.delete('map');
  const query = params.toString();
  return `${at < 0 ? href : href.slice(0, at)}${query ? `?${query}` : ''}`;
}

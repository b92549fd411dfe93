/**
 * The funnel of paper Table 3: after each filtering step, the images left (and those with ≥ 2 and
 * ≥ 5 references), the references, references per image, the captions (visible captions and alt
 * texts together) and the pair candidates. Rows 0-6 count pairs as Σ n(n−1)/2 per image and caption
 * type, as the original's ParaphraseCounterReducer did; rows 7-9 count the pairs that survive, and
 * their references are the (reference, caption type) uses that appear in a surviving pair.
 */
export interface FunnelRow {
  step: number;
  name: string;
  images: number;
  imagesRefs2: number;
  imagesRefs5: number;
  references: number;
  meanRefs: number | null;
  captions: number;
  pairs: number;
}

export const FUNNEL_STEPS = [
  'No filter',
  'References ≥ 2',
  'References ≤ max',
  'Has caption',
  'Caption words ≥ 6',
  'Caption is sentence',
  'References ≥ 2',
  'Unique candidates',
  'Divergent captions',
  'Significant caption diff',
] as const;

/** Row 5's name for the silver tier. */
export const SILVER_STEP_5 = 'Caption has verb';

type Counts = Omit<FunnelRow, 'step' | 'name' | 'meanRefs'>;

export function funnelRow(step: number, counts: Counts, silver = false): FunnelRow {
  const name = step === 5 && silver ? SILVER_STEP_5 : (FUNNEL_STEPS[step] ?? `Step ${step}`);
  return { step, name, ...counts, meanRefs: counts.images > 0 ? counts.references / counts.images : null };
}

/** Paper Table 3 (enwiki-20220901, gold tier): the reference series shown beside every run. */
export const PAPER_TABLE_3: readonly FunnelRow[] = (
  [
    [4508808, 941339, 102046, 7384368, 4571671, 355619088],
    [941339, 941339, 102046, 3816899, 2053338, 355619088],
    [918758, 918758, 79465, 2494271, 1569327, 1350050],
    [713815, 494321, 32949, 1499479, 1569327, 1350050],
    [518851, 300244, 18436, 987541, 1014351, 760448],
    [97496, 23062, 665, 128893, 129776, 44005],
    [23062, 23062, 665, 54459, 54940, 44005],
    [22643, 22582, 507, 52394, 52394, 39995],
    [18979, 18979, 391, 43616, 43616, 32830],
    [17293, 17293, 386, 40131, 40131, 30237],
  ] as const
).map(([images, imagesRefs2, imagesRefs5, references, captions, pairs], step) =>
  funnelRow(step, { images, imagesRefs2, imagesRefs5, references, captions, pairs }),
);

/** Relative change from the previous row (Table 3's Δ columns); null for the first row or from 0. */
export function relativeChange(previous: number | undefined, current: number): number | null {
  if (previous === undefined || previous === 0) return null;
  return (current - previous) / previous;
}

/** Reads a funnel stored as JSON, dropping anything that is not a row. */
export function parseFunnel(value: unknown): FunnelRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (row): row is FunnelRow =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as FunnelRow).step === 'number' &&
      typeof (row as FunnelRow).images === 'number',
  );
}

/**
 * bench:explore's randomised mix: the slow kinds of explorer pages a researcher types,
 * drawn from a seed at several selectivities. Each query is a URL query string for the generated
 * corpus (scripts/bench/lib/generated-pairs.ts: every measure uniform on [0, 1), delta on
 * [-0.5, 0.5); captions "Generated caption N of a picture of a bridge … in the year Y.").
 */
import { createRandom } from '@/lib/stats/random';
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';

export const RANDOM_SHAPES = ['range, sort', 'two ranges, sort', 'text, sort', 'map cell, sort'] as const;
export type RandomShape = (typeof RANDOM_SHAPES)[number];

export interface RandomQuery {
  shape: RandomShape;
  query: string;
}

/** Range widths (the share of the corpus one range selects). */
const WIDTHS = [0.001, 0.005, 0.02, 0.1, 0.3, 0.8];
/** Search terms from one text in 100,000 to all of them. */
const TERMS = ['caption 12345 ', 'caption 4321', 'year 1850', 'caption 77', 'year 18', 'bridge'];
/** Extra filters: none, or a tier, type or annotation-state filter (all broad on the generated corpus). */
const EXTRAS = ['', '', 'tier=SILVER', 'type=CAPTION', 'state=unannotated'];

export function randomExploreMix(seed: number, perShape: number): RandomQuery[] {
  const random = createRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[random.nextInt(xs.length)]!;
  const measure = (not: MeasureKey[] = []): MeasureKey => pick(measureKeys.filter((k) => !not.includes(k)));
  const round = (n: number) => Number(n.toFixed(4));
  const range = (key: MeasureKey) => {
    const width = pick(WIDTHS);
    const low = round(random.nextFloat() * (1 - width) - (key === 'delta' ? 0.5 : 0));
    return `min.${key}=${low}&max.${key}=${round(low + width)}`;
  };
  const sort = (not: MeasureKey[]) => `sort=${random.nextFloat() < 0.5 ? '-' : ''}${measure(not)}`;
  const extra = () => pick(EXTRAS);
  const queries: RandomQuery[] = [];
  const add = (shape: RandomShape, parts: string[]) => queries.push({ shape, query: parts.filter((p) => p !== '').join('&') });
  for (let i = 0; i < perShape; i++) {
    const x = measure();
    add('range, sort', [range(x), sort([x]), extra()]);
    const y = measure([x]);
    add('two ranges, sort', [range(x), range(y), sort([x, y]), extra()]);
    add('text, sort', [`q=${encodeURIComponent(pick(TERMS))}`, sort([]), extra()]);
    add('map cell, sort', [`cell=${random.nextInt(5)},${random.nextInt(5)}`, sort(['syn', 'sem']), extra()]);
  }
  return queries;
}

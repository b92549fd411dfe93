/**
 * The settings of a model run that the API, the campaign page's form and `paralens judge` share:
 * which pairs (`all` the campaign's items, gold pairs included; `gold` only the hidden test pairs;
 * `sample:N` N of the other items, drawn by the run's seed), and the bounds of the numbers. Pure.
 */
export const RUN_LIMITS = {
  samples: { min: 1, max: 20 },
  temperature: { min: 0, max: 2 },
  maxTokens: { min: 16, max: 32_768 },
  sample: { min: 1, max: 1_000_000 },
} as const;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** `all`, `gold` or `sample:N`, normalised (`sample:0050` → `sample:50`). */
export function parsePairsSpec(text: string): Parsed<string> {
  const spec = text.trim().toLowerCase();
  if (spec === 'all' || spec === 'gold') return { ok: true, value: spec };
  const m = /^sample:(\d{1,7})$/.exec(spec);
  if (m) {
    const n = Number(m[1]);
    if (n >= RUN_LIMITS.sample.min && n <= RUN_LIMITS.sample.max) return { ok: true, value: `sample:${n}` };
  }
  return { ok: false, error: `must be all, gold or sample:N with N from 1 to 1,000,000 (not "${text}")` };
}

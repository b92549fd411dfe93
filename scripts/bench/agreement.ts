/**
 * Agreement benchmark: ordinal Krippendorff's alpha on 100,000 units x 4 coders with 10%
 * missing ratings (target 200 ms), and 1,000 percentile-bootstrap resamples of it (target
 * 5 s). Data are synthetic and seeded (a 5-point scale, coders agreeing with a latent value
 * 60% of the time), so every run measures the same input. Run: npm run bench:agreement
 */
import { performance } from 'node:perf_hooks';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { computeKrippendorffAlpha, computeKrippendorffAlphaWithBootstrap } from '@/lib/agreement/krippendorff-alpha';
import type { RatingValue } from '@/lib/agreement/rating-values';
import { createRandom } from '@/lib/stats/random';

const UNITS = 100_000;
const CODERS = 4;
const MISSING = 0.1;
const RESAMPLES = 1000;
const TARGET_ALPHA_MS = 200;
const TARGET_BOOTSTRAP_MS = 5000;

function generateRatings(seed: number): (RatingValue | null)[][] {
  const random = createRandom(seed);
  const latent = Array.from({ length: UNITS }, () => 1 + random.nextInt(5));
  return Array.from({ length: CODERS }, () =>
    latent.map((value) => {
      if (random.nextFloat() < MISSING) return null;
      if (random.nextFloat() < 0.6) return value;
      return 1 + random.nextInt(5);
    }),
  );
}

function time<T>(run: () => T, repeats: number): { result: T; ms: number } {
  let result = run(); // warm-up, so the figure is steady-state rather than JIT compilation
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    result = run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { result, ms: times[Math.floor(times.length / 2)] ?? NaN };
}

function report(label: string, ms: number, target: number): void {
  const verdict = ms <= target ? 'meets' : 'MISSES';
  console.log(
    `${label.padEnd(52)} ${ms.toFixed(1).padStart(9)} ms   target ${target} ms   ${verdict} (${(ms / target).toFixed(2)}x of target)`,
  );
}

const ratings = generateRatings(20240501);
console.log(
  `data: ${UNITS.toLocaleString('en')} units x ${CODERS} coders, ${MISSING * 100}% missing, 5-point scale, seed 20240501`,
);

const alpha = time(() => computeKrippendorffAlpha(ratings, { level: 'ordinal' }), 7);
report('ordinal alpha (median of 7 runs)', alpha.ms, TARGET_ALPHA_MS);
console.log(
  `  alpha = ${alpha.result.value?.toFixed(6) ?? 'null'}, units = ${alpha.result.units}, pairable values = ${alpha.result.pairableValues}`,
);

const bootstrap = time(
  () => computeKrippendorffAlphaWithBootstrap(ratings, { level: 'ordinal' }, { resamples: RESAMPLES, seed: 1 }),
  3,
);
report(`ordinal alpha + ${RESAMPLES.toLocaleString('en')} bootstrap resamples (median of 3)`, bootstrap.ms, TARGET_BOOTSTRAP_MS);
const interval = bootstrap.result.bootstrap.intervals.krippendorffAlpha.interval;
console.log(`  95% interval = [${interval?.low.toFixed(6) ?? '-'}, ${interval?.high.toFixed(6) ?? '-'}]`);

// Baseline in the same run: the textbook bootstrap that rebuilds each resampled matrix and
// recomputes alpha from raw ratings, timed on 20 resamples and scaled to 1,000.
const NAIVE_RESAMPLES = 20;
const naive = time(() => {
  const random = createRandom(1);
  const columns = ratings[0]?.length ?? 0;
  const picks = new Int32Array(columns);
  for (let r = 0; r < NAIVE_RESAMPLES; r++) {
    random.fillInts(picks, columns);
    const resampled = ratings.map((row) => Array.from(picks, (u) => row[u] ?? null));
    computeKrippendorffAlpha(resampled, { level: 'ordinal' });
  }
}, 1);
const naiveMs = (naive.ms * RESAMPLES) / NAIVE_RESAMPLES;
console.log(
  `${'baseline: rebuild + recompute per resample (scaled)'.padEnd(52)} ${naiveMs.toFixed(1).padStart(9)} ms   ` +
    `grouped counts are ${(naiveMs / bootstrap.ms).toFixed(1)}x faster`,
);

const all = time(() => computeAgreementReport({ ratings, level: 'ordinal' }), 3);
report('all coefficients, no bootstrap (median of 3, info)', all.ms, TARGET_ALPHA_MS);

/**
 * The web server's compute workers (lib/runtime/compute-workers.ts): bootstrap intervals are
 * computed on a worker thread, with the same result as on the calling thread, while the calling
 * thread's event loop keeps turning (the case that made them: 10,000 resamples of a 300-pair, 8-annotator
 * campaign held the web server's thread for 2.45 s, and a health check waited 2.09 s).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { builtInQuestion } from '@/lib/annotation/questions';
import { agreementScheme, computeQuestionAgreements, type QuestionTableInput } from '@/lib/dashboards/question-agreement';
import { createRandom } from '@/lib/stats/random';
import { closeComputeWorkers, computeAgreementOffThread } from './compute-workers';

/** A campaign of `pairs` pairs rated by 8 annotators on the 0-4 scale: each rating the pair's level ± 1 (seeded). */
function campaignTables(pairs = 300): QuestionTableInput[] {
  const random = createRandom(7);
  const units = Array.from({ length: pairs }, (_, i) => i + 1);
  const level = units.map(() => random.nextInt(5));
  const ratings = Array.from({ length: 8 }, () => level.map((l) => Math.max(0, Math.min(4, l + random.nextInt(3) - 1))));
  return [
    {
      key: 'semantic',
      scheme: agreementScheme(builtInQuestion('semantic'))!,
      table: { coders: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], units, ratings },
    },
  ];
}

afterAll(() => closeComputeWorkers());

describe('compute workers', () => {
  it('give the same agreement and intervals as the calling thread', async () => {
    const tables = campaignTables();
    const options = { bootstrap: { resamples: 200, seed: 3 } };
    const offThread = await computeAgreementOffThread(tables, options);
    expect(offThread).toEqual(computeQuestionAgreements(tables, options));
    expect(offThread.semantic!.ci95?.krippendorffAlpha).toHaveLength(2);
  }, 60_000); // the first task starts a worker, which loads the sources through tsx

  it("keep the caller's event loop turning while 10,000 resamples run", async () => {
    // 2,000 pairs rather than that campaign's 300: on a quiet machine 300 pairs take under 200 ms off
    // the thread, too short for the ratio below to mean anything; this takes about a second.
    const tables = campaignTables(2000);
    let last = performance.now();
    let longestStall = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const result = await computeAgreementOffThread(tables, { bootstrap: { resamples: 10_000, seed: 1 } });
    const elapsed = performance.now() - started;
    longestStall = Math.max(longestStall, performance.now() - last); // a stall that lasted until the answer counts too
    clearInterval(timer);
    expect(result.semantic!.ci95?.bootstrap).toEqual({ resamples: 10_000, seed: 1 });
    // On the calling thread the loop would stall for the whole computation (stall ≈ elapsed). Off
    // it, only scheduler noise remains; a quarter of the elapsed time is a wide margin for a shared
    // machine, and the computation takes long enough (well over 200 ms) for the ratio to mean something.
    expect(elapsed).toBeGreaterThan(200);
    expect(longestStall).toBeLessThan(elapsed / 4);
  }, 60_000);
});

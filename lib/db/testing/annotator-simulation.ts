/**
 * Simulated annotators for the concurrency tests (several connection pools in one process, and
 * several processes on one database): each asks for pairs until none is left and answers them,
 * misbehaving the way real clients do: a double-clicked `next` (two at once), every submission
 * sent twice at once (a retry racing the original), skips, and walking away from a held pair to
 * answer it late. Then lib/db/campaigns/assignment-invariants.ts reads the database and lists every broken rule.
 */
import { createRandom } from '@/lib/stats/random';
import type { CampaignRef } from '@/lib/naming/campaign-ref';
import { getNextPair, skipPair } from '../campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import type { SqlPool } from '../sql-pool';

export interface SimulationOptions {
  seed: number;
  /** chance of skipping a pair */
  skip?: number;
  /** walk away from the n-th pair (hold left to expire), answering it late at the end */
  abandonAt?: number;
  /** distinguishes the submissionIds of several rounds of one annotator */
  round?: number;
}

export interface SimulationReport {
  /** submissionIds the server acknowledged (201 or 200) */
  acknowledged: string[];
  /** pairs the annotator was handed */
  handed: number;
  /** late answers: accepted (201) or refused because the pair was reassigned (409) */
  late: { accepted: number; refused: number };
  /** the pair walked away from (to answer late) */
  abandoned: number | null;
  /** anything unexpected (wrong status, a second pair held at once, different answers to a retry) */
  anomalies: string[];
}

const isCode = (error: unknown, code: string) => (error as { code?: string } | null)?.code === code;

export async function simulateAnnotator(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  options: SimulationOptions,
): Promise<SimulationReport> {
  const random = createRandom(options.seed);
  const report: SimulationReport = {
    acknowledged: [],
    handed: 0,
    late: { accepted: 0, refused: 0 },
    abandoned: null,
    anomalies: [],
  };
  for (let n = 1; ; n++) {
    const [first, second] = await Promise.all([getNextPair(pool, ref, userId), getNextPair(pool, ref, userId)]);
    // Both at once hold one slot: the same pair. (One may still say "none" and the other find a slot freed in between.)
    if (first.kind === 'pair' && second.kind === 'pair' && first.pair.pairId !== second.pair.pairId) {
      report.anomalies.push(
        `user ${userId}: two simultaneous next calls gave ${[first, second].map((r) => (r.kind === 'pair' ? `pair ${r.pair.pairId}` : 'none')).join(' and ')}`,
      );
    }
    const got = first.kind === 'pair' ? first : second;
    if (got.kind === 'none') break;
    report.handed += 1;
    const pairId = got.pair.pairId;
    if (n === options.abandonAt) {
      // Walk away: the hold runs out (as if 30 minutes passed) and the annotator leaves.
      await pool.query(
        `UPDATE "Assignment" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1 AND "pairId" = $2 AND "status" = 'PENDING'`,
        [userId, pairId],
      );
      report.abandoned = pairId;
      break;
    }
    if (random.nextFloat() < (options.skip ?? 0)) {
      await skipPair(pool, ref, userId, pairId);
      continue;
    }
    const submissionId = `sim-${userId}-${options.seed}-${options.round ?? 0}-${n}`;
    const body = { submissionId, pairId, answers: { semantic: random.nextInt(5) }, durationMs: 1000 };
    const results = await Promise.allSettled([submitAnswer(pool, ref, userId, body), submitAnswer(pool, ref, userId, body)]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    if (
      ok.length !== 2 ||
      ok.filter((r) => r.value.created).length !== 1 ||
      ok[0]!.value.annotation.version !== ok[1]!.value.annotation.version
    ) {
      report.anomalies.push(
        `user ${userId}: a submission and its retry gave ${results.map((r) => (r.status === 'fulfilled' ? (r.value.created ? 201 : 200) : String(r.reason))).join(' and ')}`,
      );
    }
    if (ok.length > 0) report.acknowledged.push(submissionId);
  }
  return report;
}

/** The abandoned pair's late answer, sent after the others worked for a while. */
export async function answerLate(
  pool: SqlPool,
  ref: CampaignRef,
  userId: number,
  pairId: number,
  report: SimulationReport,
): Promise<void> {
  const submissionId = `late-${userId}-${pairId}`;
  try {
    await submitAnswer(pool, ref, userId, { submissionId, pairId, answers: { semantic: 2 } });
    report.acknowledged.push(submissionId);
    report.late.accepted += 1;
  } catch (error) {
    if (isCode(error, 'CONFLICT')) report.late.refused += 1;
    else report.anomalies.push(`user ${userId}: late answer failed: ${String(error)}`);
  }
}

export interface CrowdReport {
  acknowledged: string[];
  handed: number;
  late: { accepted: number; refused: number };
  anomalies: string[];
}

/**
 * Annotators working at once, annotator i on pools[i % pools.length] (pools stand for server
 * processes); every `abandonEvery`-th walks away from a pair and answers it late after the others
 * finished; then everyone sweeps once more (freed slots are taken up). Run `sweep: false` in a
 * worker process when the parent sweeps after all processes are done.
 */
export async function runCrowd(
  pools: SqlPool[],
  ref: CampaignRef,
  userIds: number[],
  seed: number,
  options: { abandonEvery?: number; skip?: number; sweep?: boolean } = {},
): Promise<CrowdReport> {
  const reports = await Promise.all(
    userIds.map((userId, i) => {
      const abandons = options.abandonEvery !== undefined && i % options.abandonEvery === 0;
      return simulateAnnotator(pools[i % pools.length]!, ref, userId, {
        seed: seed + i,
        skip: options.skip ?? 0.05,
        ...(abandons ? { abandonAt: 3 } : {}),
      });
    }),
  );
  for (const [i, report] of reports.entries()) {
    if (report.abandoned !== null) await answerLate(pools[i % pools.length]!, ref, userIds[i]!, report.abandoned, report);
  }
  if (options.sweep !== false) reports.push(...(await sweepCrowd(pools, ref, userIds, seed)).reports);
  return {
    acknowledged: reports.flatMap((r) => r.acknowledged),
    handed: reports.reduce((n, r) => n + r.handed, 0),
    late: reports.reduce((t, r) => ({ accepted: t.accepted + r.late.accepted, refused: t.refused + r.late.refused }), {
      accepted: 0,
      refused: 0,
    }),
    anomalies: reports.flatMap((r) => r.anomalies),
  };
}

/** Everyone asks until nothing is left (no skipping, nobody walks away). */
export async function sweepCrowd(
  pools: SqlPool[],
  ref: CampaignRef,
  userIds: number[],
  seed: number,
): Promise<{ reports: SimulationReport[] }> {
  const reports = await Promise.all(
    userIds.map((userId, i) => simulateAnnotator(pools[i % pools.length]!, ref, userId, { seed: seed + i, round: 1 })),
  );
  return { reports };
}

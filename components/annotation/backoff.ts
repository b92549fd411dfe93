/**
 * How long the outbox waits before sending a failed submission again: exponential backoff with
 * "equal jitter" (half the delay fixed, half random), as in the AWS Architecture Blog's
 * "Exponential Backoff And Jitter" (Brooker, 2015), so many browsers coming back after one outage
 * do not all retry in the same second. Pure.
 */
export interface BackoffPolicy {
  /** delay before the first retry, before jitter */
  baseMs: number;
  /** the delay never grows past this */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

/** The ceiling of the delay after the given number of failed attempts (1 = the first failure). */
export function backoffCeiling(attempts: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
}

/** The delay before the next try: between half the ceiling and the ceiling. `random` returns [0, 1). */
export function backoffDelay(
  attempts: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const ceiling = backoffCeiling(attempts, policy);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

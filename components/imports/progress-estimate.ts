/** Records per second and seconds left, from the first and the latest progress sample. */
export interface ProgressSample {
  at: number;
  records: number;
  fraction: number;
}

export function estimateProgress(
  first: ProgressSample,
  latest: ProgressSample,
): { rate: number | null; secondsLeft: number | null } {
  const elapsed = (latest.at - first.at) / 1000;
  if (elapsed <= 0) return { rate: null, secondsLeft: null };
  const gained = latest.fraction - first.fraction;
  return {
    rate: (latest.records - first.records) / elapsed,
    secondsLeft: gained > 0 ? ((1 - latest.fraction) * elapsed) / gained : null,
  };
}

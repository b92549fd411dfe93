/** A one-line terminal progress bar (records/s and ETA), redrawn in place on stderr. */
export interface ProgressSnapshot {
  label: string;
  done: number;
  total: number;
  records: number;
  elapsedMs: number;
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

export function renderProgressLine(p: ProgressSnapshot, width = 30): string {
  const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  const filled = Math.round(fraction * width);
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.records / seconds : 0;
  const eta = fraction > 0 ? (seconds / fraction) * (1 - fraction) : Number.NaN;
  return `${p.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${p.records.toLocaleString('en')} records  ${Math.round(rate).toLocaleString('en')}/s  ETA ${formatDuration(eta)}`;
}

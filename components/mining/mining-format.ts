/** Display helpers for the mining page: Δ percentages, sizes, time left, the chart's series. */
import { PAPER_TABLE_3, relativeChange, type FunnelRow } from '@/lib/mining/funnel';

export function formatDelta(previous: number | undefined, current: number): string {
  const change = relativeChange(previous, current);
  if (change === null) return '–';
  const percent = Math.round(change * 100);
  return `${percent > 0 ? '+' : ''}${percent === 0 && change !== 0 ? (change < 0 ? '-0' : '+0') : percent}%`;
}

/** A file's size: bytes or KB below a megabyte, else MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1e6) return `${Math.round(bytes / 1000)} KB`;
  return formatMegabytes(bytes);
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1e6).toLocaleString('en', { maximumFractionDigits: bytes >= 1e8 ? 0 : 1 })} MB`;
}

export function formatSeconds(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`
    : s >= 60
      ? `${Math.floor(s / 60)} min ${s % 60} s`
      : `${s} s`;
}

/** Seconds left from the compressed bytes read and the rate since the run started its session. */
export function estimateSecondsLeft(bytesDone: number, bytesTotal: number, elapsedSeconds: number): number | null {
  if (bytesDone <= 0 || elapsedSeconds <= 0 || bytesTotal <= bytesDone)
    return bytesTotal > 0 && bytesDone >= bytesTotal ? 0 : null;
  return ((bytesTotal - bytesDone) * elapsedSeconds) / bytesDone;
}

export interface ChartPoint {
  step: string;
  run: number | null;
  paper: number | null;
}

/** References left after each step as a share of row 0, for the run and for the paper's Table 3. */
export function referenceShareSeries(rows: readonly FunnelRow[]): ChartPoint[] {
  const base = rows[0]?.references ?? 0;
  const paperBase = PAPER_TABLE_3[0]!.references;
  return PAPER_TABLE_3.map((paper, i) => {
    const row = rows[i];
    return {
      step: String(i),
      run: row && base > 0 && row.references > 0 ? row.references / base : null,
      paper: paper.references / paperBase,
    };
  });
}

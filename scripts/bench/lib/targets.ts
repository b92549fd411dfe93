/**
 * bench:score's closing table: each target of the semantic measures beside the figure measured, as a ratio
 * (above 1 is better than the target) and met/missed, with the load average when it was measured.
 */
import { fmt } from './format';
import { loadavg } from 'node:os';

interface Row {
  target: string;
  measured: string;
  /** measured performance ÷ the target's (≥ 1: met) */
  ratio: number;
  load: number;
}

export class TargetTable {
  private readonly rows: Row[] = [];

  /** a rate that must reach `least` (pairs/s) */
  atLeast(target: string, measured: number, least: number, unit: string): void {
    this.rows.push({ target, measured: `${fmt(measured)} ${unit}`, ratio: measured / least, load: loadavg()[0]! });
  }

  /** a time (or size) that must stay under `most` */
  atMost(target: string, measured: number, most: number, unit: string, digits = 1): void {
    // a figure far under the target (0 MB) counts as a hundredth of it, not as an absurd ratio
    this.rows.push({
      target,
      measured: `${fmt(measured, digits)} ${unit}`,
      ratio: most / Math.max(measured, most / 100),
      load: loadavg()[0]!,
    });
  }

  print(): void {
    if (this.rows.length === 0) return;
    const width = Math.max(...this.rows.map((r) => r.target.length));
    const measuredWidth = Math.max(...this.rows.map((r) => r.measured.length));
    console.log('\nTargets: measured, ratio to the target (≥ 1 met), load average (1 min) when measured');
    for (const r of this.rows) {
      console.log(
        `  ${r.target.padEnd(width)}  ${r.measured.padStart(measuredWidth)}  ${fmt(r.ratio, 2).padStart(6)}×  ${r.ratio >= 1 ? 'met   ' : 'missed'}  load ${fmt(r.load, 1)}`,
      );
    }
  }
}

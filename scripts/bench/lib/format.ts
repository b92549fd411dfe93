import { loadavg } from 'node:os';

/** Numbers as the benchmarks print them: thousands separated, `d` decimals (0 by default). */
export const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The three load averages as the benchmarks print them ("1.2 0.8 0.5"). */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Numbers as the benchmarks print them: thousands separated, `d` decimals (0 by default). */
export const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

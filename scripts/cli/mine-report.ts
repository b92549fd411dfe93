/** The funnel as a plain-text table in the layout of paper Table 3 (counts and Δ against the row above). */
import { relativeChange, type FunnelRow } from '@/lib/mining/funnel';

const count = (n: number) => n.toLocaleString('en');
const delta = (previous: number | undefined, current: number) => {
  const change = relativeChange(previous, current);
  return change === null ? '–' : `${change > 0 ? '+' : ''}${Math.round(change * 100)}%`;
};

export function formatFunnel(rows: readonly FunnelRow[]): string[] {
  const header = ['step', 'images', 'Δ', '≥2', '≥5', 'references', 'Δ', 'μimg', 'captions', 'Δ', 'pairs', 'Δ'];
  const table = rows.map((r, i) => {
    const prev = rows[i - 1];
    return [
      `${r.step}. ${r.name}`,
      count(r.images),
      delta(prev?.images, r.images),
      count(r.imagesRefs2),
      count(r.imagesRefs5),
      count(r.references),
      delta(prev?.references, r.references),
      r.meanRefs === null ? '–' : r.meanRefs.toFixed(2),
      count(r.captions),
      delta(prev?.captions, r.captions),
      count(r.pairs),
      delta(prev?.pairs, r.pairs),
    ];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...table.map((row) => row[c]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`;
  return [line(header), ...table.map(line)];
}

/** One colour per group of a split, the same in the box plot and the histogram. */
const COLOURS = [
  '#3451b2',
  '#d97706',
  '#059669',
  '#be185d',
  '#6b7280',
  '#7c3aed',
  '#0891b2',
  '#65a30d',
  '#b91c1c',
  '#a16207',
  '#1e3a8a',
  '#4b5563',
];
export const groupColour = (i: number): string => COLOURS[i % COLOURS.length]!;

export function formatMeasure(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  const text = value.toFixed(digits);
  // -0.00 (a tiny negative rounded away) reads as a sign that is not there.
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

export const formatCount = new Intl.NumberFormat('en');

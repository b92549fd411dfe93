export function formatMeasure(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}

export const formatCount = new Intl.NumberFormat('en');

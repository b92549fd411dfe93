/**
 * The characteristic maps' colour scale and the text on each cell. Pure.
 *
 * The fill follows the cell's share of the map on *cividis* (Nuñez, Anderton and Renslow 2018,
 * "Optimizing colormaps with consideration for color vision deficiency to enable accurate
 * interpretation of scientific data", PLOS ONE 13(8): e0199239), reversed so that small shares are
 * light (yellow) and the largest dark (navy): a scale whose lightness rises evenly (perceptually
 * uniform) and that reads the same with red-green colour blindness. The stops are the published
 * map sampled at tenths (as matplotlib ships it); between them the colour is interpolated in sRGB.
 * A cell with no pairs stays white, apart from the scale.
 *
 * The text colour is chosen per cell, from the fill's relative luminance (WCAG 2.1, 1.4.3): black or
 * white, whichever contrasts more. One of the two always reaches at least 4.58:1, above AA's 4.5:1.
 */

/** cividis at 0, 0.1, …, 1 (dark navy to yellow) */
const CIVIDIS_TENTHS = [
  [0, 32, 81],
  [10, 50, 106],
  [43, 68, 110],
  [77, 86, 109],
  [105, 105, 112],
  [127, 124, 117],
  [148, 143, 120],
  [173, 164, 118],
  [202, 186, 106],
  [234, 209, 86],
  [253, 234, 69],
] as const;

export type Rgb = readonly [number, number, number];

/** The scale at t in [0, 1]: 0 the lightest (yellow), 1 the darkest (navy). */
export function scaleColour(t: number): Rgb {
  const u = (1 - Math.max(0, Math.min(1, t))) * 10;
  const i = Math.min(9, Math.floor(u));
  const f = u - i;
  const [a, b] = [CIVIDIS_TENTHS[i]!, CIVIDIS_TENTHS[i + 1]!];
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as unknown as Rgb;
}

export const cssColour = ([r, g, b]: Rgb): string => `rgb(${r}, ${g}, ${b})`;

/** WCAG 2.1 relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The fill of a cell holding `share` on a scale whose top is `max` (white when the cell is empty). */
export function shareFill(share: number | null, max: number): Rgb {
  if (share === null || share <= 0 || max <= 0) return WHITE;
  return scaleColour(share / max);
}

/** Black or white, whichever contrasts more with the fill. */
export function textOn(fill: Rgb): Rgb {
  return contrastRatio(fill, BLACK) >= contrastRatio(fill, WHITE) ? BLACK : WHITE;
}

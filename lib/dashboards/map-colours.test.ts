/**
 * The maps' colours: text readable on every cell (WCAG 2.1 AA, 4.5:1), lightness that rises evenly
 * along the scale, and an order that survives colour blindness (simulated with the matrices of
 * Machado, Oliveira and Fernandes 2009, "A physiologically-based model for simulation of color
 * vision deficiency", IEEE TVCG 15(6), severity 1). Checked through map-export's functions, which
 * the map grid, its legend and the SVG download use.
 */
import { describe, expect, it } from 'vitest';
import { shareColour, textColour } from './map-export';
import { contrastRatio, relativeLuminance, type Rgb } from './map-colours';

function parse(colour: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i]!, 16)) as unknown as Rgb;
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  return [1, 2, 3].map((i) => Number(rgb[i])) as unknown as Rgb;
}

/** CIE L* (0 black … 100 white) of an sRGB colour. */
function lightness(c: Rgb): number {
  const y = relativeLuminance(c);
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

const toLinear = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toSrgb = (v: number) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const MACHADO = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
} as const;

function simulate(c: Rgb, m: readonly (readonly number[])[]): Rgb {
  const lin = c.map(toLinear);
  return m.map((row) =>
    Math.round(
      Math.max(0, Math.min(255, toSrgb(Math.max(0, Math.min(1, row[0]! * lin[0]! + row[1]! * lin[1]! + row[2]! * lin[2]!))))),
    ),
  ) as unknown as Rgb;
}

const steps = Array.from({ length: 101 }, (_, i) => i / 100);

describe('the characteristic maps’ colours', () => {
  it('keep the text on every cell at 4.5:1 or more, whatever its share', () => {
    const low = steps
      .map((t) => ({ t, ratio: contrastRatio(parse(shareColour(t, 1)), parse(textColour(t, 1))) }))
      .filter((c) => c.ratio < 4.5);
    expect(low, 'shares whose text is below 4.5:1').toEqual([]);
  });

  it('leave an empty cell white, apart from the scale', () => {
    expect(shareColour(0, 1)).toBe('rgb(255, 255, 255)');
    expect(shareColour(null, 1)).toBe('rgb(255, 255, 255)');
    expect(shareColour(0.001, 1)).not.toBe('rgb(255, 255, 255)');
  });

  it('grow darker evenly: every tenth of the scale lowers L* by a similar step', () => {
    const l = Array.from({ length: 11 }, (_, i) => lightness(parse(shareColour(Math.max(i / 10, 1e-9), 1))));
    const drops = l.slice(1).map((v, i) => l[i]! - v);
    expect(Math.min(...drops)).toBeGreaterThan(0);
    expect(Math.max(...drops) / Math.min(...drops)).toBeLessThan(1.6);
  });

  for (const [deficiency, matrix] of Object.entries(MACHADO))
    it(`stay in order with ${deficiency}: lightness falls all along the scale as it is seen`, () => {
      const seen = steps.slice(1).map((t) => lightness(simulate(parse(shareColour(t, 1)), matrix)));
      const rises = seen.slice(1).filter((v, i) => v >= seen[i]! + 0.01);
      expect(rises).toEqual([]);
    });
});

/**
 * A characteristic map as a file: an SVG drawing (the PNG download rasterises it in the browser)
 * and a CSV of its numbers, one row per cell. Colours follow the share of the cell on a scale
 * shared by the maps shown together (map-colours.ts: cividis, light at small shares, dark at
 * the largest; white for an empty cell), so several corpora compare as in paper Fig. 2. The
 * CSV's text cells go through the export's neutralising writer (lib/export/line-format.ts), so a
 * corpus named `=HYPERLINK(…)` stays text in a spreadsheet. Pure.
 */
import { quoteCsvText } from '@/lib/export/line-format';
import { MAP_BINS, mapShares, mapTotal, type CharacteristicMap } from './characteristic-map';
import { cssColour, shareFill, textOn } from './map-colours';

/** Fill colour for a share on [0, max] (map-colours.ts). */
export function shareColour(share: number | null, max: number): string {
  return cssColour(shareFill(share, max));
}

/** The text on that fill: black or white, whichever contrasts more (at least 4.5:1). */
export function textColour(share: number | null, max: number): string {
  return cssColour(textOn(shareFill(share, max)));
}

export interface MapAxes {
  /** tick labels of bins 0..4 */
  ticks: readonly string[];
  syn: string;
  sem: string;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The map as a standalone SVG: semantic bins up the y axis (top = highest), syntactic along x. */
export function renderMapSvg(map: CharacteristicMap, title: string, axes: MapAxes, scaleMax: number): string {
  const cell = 64;
  const left = 90;
  const top = 40;
  const size = cell * MAP_BINS;
  const shares = mapShares(map);
  const parts: string[] = [];
  for (let x = 0; x < MAP_BINS; x++) {
    for (let y = 0; y < MAP_BINS; y++) {
      const share = shares[x]![y]!;
      const px = left + x * cell;
      const py = top + (MAP_BINS - 1 - y) * cell;
      parts.push(
        `<rect x="${px}" y="${py}" width="${cell}" height="${cell}" fill="${shareColour(share, scaleMax)}" stroke="#d1d5db"/>`,
        `<text x="${px + cell / 2}" y="${py + cell / 2 - 4}" text-anchor="middle" font-size="13" fill="${textColour(share, scaleMax)}">${map.cells[x]![y]}</text>`,
        `<text x="${px + cell / 2}" y="${py + cell / 2 + 13}" text-anchor="middle" font-size="11" fill="${textColour(share, scaleMax)}">${share === null ? '' : `${(share * 100).toFixed(1)}%`}</text>`,
      );
    }
  }
  for (let i = 0; i < MAP_BINS; i++) {
    parts.push(
      `<text x="${left + i * cell + cell / 2}" y="${top + size + 16}" text-anchor="middle" font-size="11">${escapeXml(axes.ticks[i] ?? String(i))}</text>`,
      `<text x="${left - 6}" y="${top + (MAP_BINS - 1 - i) * cell + cell / 2 + 4}" text-anchor="end" font-size="11">${escapeXml(axes.ticks[i] ?? String(i))}</text>`,
    );
  }
  const width = left + size + 20;
  const height = top + size + 60;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    ...parts,
    `<text x="${left + size / 2}" y="${top + size + 36}" text-anchor="middle" font-size="12">${escapeXml(axes.syn)}</text>`,
    `<text x="16" y="${top + size / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 16 ${top + size / 2})">${escapeXml(axes.sem)}</text>`,
    `<text x="${left}" y="${top + size + 54}" font-size="11">${mapTotal(map)} pairs in cells; ${map.missing} without a value, not shown</text>`,
    '</svg>',
  ].join('');
}

/**
 * CSV: map, syn_bin, sem_bin, count, share; then one row per map with its missing count. The map's
 * name is quoted and neutralised.
 */
export function renderMapsCsv(maps: ReadonlyArray<{ name: string; map: CharacteristicMap }>): string {
  const lines = ['map,syn_bin,sem_bin,count,share'];
  for (const { name, map } of maps) {
    const shares = mapShares(map);
    for (let x = 0; x < MAP_BINS; x++)
      for (let y = 0; y < MAP_BINS; y++) lines.push([quoteCsvText(name), x, y, map.cells[x]![y]!, shares[x]![y] ?? ''].join(','));
    lines.push([quoteCsvText(name), 'missing', '', map.missing, ''].join(','));
  }
  return `${lines.join('\n')}\n`;
}

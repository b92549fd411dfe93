/** Characteristic-map cells: equal-width bins on [0, 1] with 1.0 in the top bin (paper Fig. 2), missing values apart. */
import { describe, expect, it } from 'vitest';
import {
  addMeasuresToMap,
  emptyMap,
  mapShares,
  mapTotal,
  maxShare,
  measureBinLabel,
  mergeMaps,
  parseCell,
} from './characteristic-map';

describe('characteristic map', () => {
  it('bins by [k/5, (k+1)/5), puts 1.0 in the top bin and counts missing values apart', () => {
    const map = emptyMap();
    const values: Array<[number | null, number | null]> = [
      [0, 0],
      [0.19999, 0.2],
      [0.2, 0.4],
      [0.6, 0.8],
      [1, 1],
      [0.99, 1],
      [null, 0.5],
      [0.5, null],
    ];
    for (const [syn, sem] of values) addMeasuresToMap(map, syn, sem);
    expect(map.cells[0]![0]).toBe(1);
    expect(map.cells[0]![1]).toBe(1); // syn 0.19999 → bin 0, sem 0.2 → bin 1
    expect(map.cells[1]![2]).toBe(1);
    expect(map.cells[3]![4]).toBe(1);
    expect(map.cells[4]![4]).toBe(2);
    expect(map.missing).toBe(2);
    expect(mapTotal(map)).toBe(6);
  });

  it('shares are of the pairs in cells, null for an empty map; the common scale is the largest share', () => {
    const a = emptyMap();
    addMeasuresToMap(a, 0.1, 0.1);
    addMeasuresToMap(a, 0.1, 0.1);
    addMeasuresToMap(a, 0.9, 0.9);
    addMeasuresToMap(a, null, null);
    expect(mapShares(a)[0]![0]).toBeCloseTo(2 / 3, 12);
    expect(mapShares(emptyMap())[0]![0]).toBeNull();
    const b = emptyMap();
    addMeasuresToMap(b, 0.5, 0.5);
    expect(maxShare([a, b])).toBe(1);
    const merged = mergeMaps(a, b);
    expect(mapTotal(merged)).toBe(4);
    expect(merged.missing).toBe(1);
  });

  it('parses cells "SYN,SEM" and labels bins', () => {
    expect(parseCell('3,4')).toEqual([3, 4]);
    expect(parseCell('5,1')).toBeNull();
    expect(parseCell('1')).toBeNull();
    expect(measureBinLabel(4)).toBe('0.8–1.0');
  });
});

describe('map files', () => {
  it('CSV has one row per cell with its count and share, then the missing count; SVG shows every count', async () => {
    const { renderMapsCsv, renderMapSvg, shareColour } = await import('./map-export');
    const map = emptyMap();
    addMeasuresToMap(map, 0.1, 0.9);
    addMeasuresToMap(map, 0.1, 0.95);
    addMeasuresToMap(map, 0.7, 0.3);
    addMeasuresToMap(map, null, 0.3);
    const csv = renderMapsCsv([{ name: 'A, "quoted"', map }])
      .trim()
      .split('\n');
    expect(csv).toHaveLength(1 + 25 + 1);
    expect(csv).toContain('"A, ""quoted""",0,4,2,0.6666666666666666');
    expect(csv).toContain('"A, ""quoted""",3,1,1,0.3333333333333333');
    expect(csv.at(-1)).toBe('"A, ""quoted""",missing,,1,');
    // A name a spreadsheet would run as a formula stays text (the export's neutralising writer).
    for (const [name, cell] of [
      ['=HYPERLINK("http://evil.example","csv")', `"'=HYPERLINK(""http://evil.example"",""csv"")"`],
      ['+1+2', `"'+1+2"`],
      ['-2+3', `"'-2+3"`],
      ['@SUM(A1)', `"'@SUM(A1)"`],
      ['PAWS', '"PAWS"'],
    ]) {
      const rows = renderMapsCsv([{ name: name!, map }])
        .trim()
        .split('\n')
        .slice(1);
      expect(
        rows.every((row) => row.startsWith(`${cell},`)),
        name,
      ).toBe(true);
    }
    const svg = renderMapSvg(map, 'T <1>', { ticks: ['a', 'b', 'c', 'd', 'e'], syn: 'syn', sem: 'sem' }, 2 / 3);
    expect(svg).toContain('T &lt;1&gt;');
    expect(svg).toContain('>66.7%<');
    expect(svg).toContain('3 pairs in cells; 1 without a value');
    expect(shareColour(2 / 3, 2 / 3)).toBe('rgb(0, 32, 81)');
    expect(shareColour(0, 1)).toBe('rgb(255, 255, 255)');
  });
});

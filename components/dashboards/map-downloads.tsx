'use client';
import type { CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { renderMapsCsv, renderMapSvg, type MapAxes } from '@/lib/dashboards/map-export';
import { saveBlob as save, saveSvgAsPng as savePng } from './file-download';

/** PNG, SVG and CSV of one map (or CSV of all maps on the page). */
export function MapDownloads({
  fileBase,
  title,
  map,
  scaleMax,
  axes,
  all,
}: {
  fileBase: string;
  title: string;
  map: CharacteristicMap;
  scaleMax: number;
  axes: MapAxes;
  all?: ReadonlyArray<{ name: string; map: CharacteristicMap }>;
}) {
  const svg = () => renderMapSvg(map, title, axes, scaleMax);
  return (
    <div className="row small" aria-label={`Download ${title}`}>
      <button type="button" className="secondary" onClick={() => savePng(svg(), `${fileBase}.png`)}>
        PNG
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => save(new Blob([svg()], { type: 'image/svg+xml' }), `${fileBase}.svg`)}
      >
        SVG
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => save(new Blob([renderMapsCsv(all ?? [{ name: title, map }])], { type: 'text/csv' }), `${fileBase}.csv`)}
      >
        CSV
      </button>
    </div>
  );
}

'use client';
import type { CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { renderMapsCsv, renderMapSvg, type MapAxes } from '@/lib/dashboards/map-export';

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Rasterises the SVG at twice its size (sharp in print). */
function savePng(svg: string, fileName: string) {
  const image = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  image.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = image.width * 2;
    canvas.height = image.height * 2;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(2, 2);
    context.drawImage(image, 0, 0);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => blob && save(blob, fileName), 'image/png');
  };
  image.src = url;
}

/** PNG, SVG and CSV of one map (or CSV of all maps on the page). */
export function MapDownloads({ fileBase, title, map, scaleMax, axes, all }: { fileBase: string; title: string; map: CharacteristicMap; scaleMax: number; axes: MapAxes; all?: ReadonlyArray<{ name: string; map: CharacteristicMap }> }) {
  const svg = () => renderMapSvg(map, title, axes, scaleMax);
  return (
    <div className="row small" aria-label={`Download ${title}`}>
      <button type="button" className="secondary" onClick={() => savePng(svg(), `${fileBase}.png`)}>
        PNG
      </button>
      <button type="button" className="secondary" onClick={() => save(new Blob([svg()], { type: 'image/svg+xml' }), `${fileBase}.svg`)}>
        SVG
      </button>
      <button type="button" className="secondary" onClick={() => save(new Blob([renderMapsCsv(all ?? [{ name: title, map }])], { type: 'text/csv' }), `${fileBase}.csv`)}>
        CSV
      </button>
    </div>
  );
}

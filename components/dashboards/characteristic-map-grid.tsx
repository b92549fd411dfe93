import Link from 'next/link';
import { MAP_BINS, mapShares, mapTotal, type CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import { shareColour, textColour, type MapAxes } from '@/lib/dashboards/map-export';
import styles from './dashboards.module.css';

const bins = Array.from({ length: MAP_BINS }, (_, i) => i);
const percent = (s: number | null) => (s === null ? '–' : `${(s * 100).toFixed(1)} %`);

/**
 * One characteristic map as a table: semantic bins from the top (highest) down, syntactic bins
 * left to right; each cell shows its count and share, coloured on the shared scale, and links to
 * its pairs. Pairs without a value are said below, never spread over the cells.
 */
export function CharacteristicMapGrid({
  title,
  map,
  scaleMax,
  axes,
  cellHref,
}: {
  title: string;
  map: CharacteristicMap;
  scaleMax: number;
  axes: MapAxes;
  cellHref?: (syn: number, sem: number) => string;
}) {
  const shares = mapShares(map);
  return (
    <figure className={styles.map}>
      <table className={styles.mapTable} aria-label={title}>
        <caption>{title}</caption>
        <tbody>
          {[...bins].reverse().map((y) => (
            <tr key={y}>
              <th scope="row" className={styles.tick}>
                {axes.ticks[y]}
              </th>
              {bins.map((x) => {
                const share = shares[x]![y]!;
                const n = map.cells[x]![y]!;
                // the cell's place is read out first; the visible count and share follow as they are
                // shown, so what a screen reader says contains what the eye sees
                const body = (
                  <>
                    <span className="sr-only">{`${axes.syn} ${axes.ticks[x]}, ${axes.sem} ${axes.ticks[y]}, pairs and share: `}</span>
                    <span className={styles.count}>{n.toLocaleString('en')}</span>
                    <span className={styles.share}>{percent(share)}</span>
                  </>
                );
                return (
                  <td
                    key={x}
                    style={{ background: shareColour(share, scaleMax), color: textColour(share, scaleMax) }}
                    data-cell={`${x},${y}`}
                  >
                    {cellHref && n > 0 ? (
                      <Link href={cellHref(x, y)} style={{ color: 'inherit' }}>
                        {body}
                      </Link>
                    ) : (
                      <span>{body}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <td />
            {bins.map((x) => (
              <th key={x} scope="col" className={styles.tick}>
                {axes.ticks[x]}
              </th>
            ))}
          </tr>
        </tbody>
      </table>
      <figcaption className="small muted">
        ↑ {axes.sem} · → {axes.syn} · {mapTotal(map).toLocaleString('en')} pairs in cells
        {map.missing > 0 ? `; ${map.missing.toLocaleString('en')} without a value, counted apart` : '; none without a value'}
      </figcaption>
    </figure>
  );
}

/** The colour scale shared by the maps on the page. */
export function MapLegend({ scaleMax }: { scaleMax: number }) {
  const steps = [0, 0.25, 0.5, 0.75, 1];
  return (
    <div className={styles.legend} aria-label="Colour scale">
      <span className="small muted">share of the map&apos;s pairs:</span>
      {steps.map((t) => (
        <span
          key={t}
          className={styles.legendStep}
          style={{ background: shareColour(t * scaleMax, scaleMax), color: textColour(t * scaleMax, scaleMax) }}
        >
          {(t * scaleMax * 100).toFixed(0)} %
        </span>
      ))}
    </div>
  );
}

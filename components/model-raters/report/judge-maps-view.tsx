import Link from 'next/link';
import { MAP_BINS, mapShares } from '@/lib/dashboards/characteristic-map';
import type { JudgeMaps } from '@/lib/model-raters/report/judge-maps';
import { CharacteristicMapGrid, MapLegend } from '@/components/dashboards/characteristic-map-grid';
import { cellPairsHref } from './report-search';
import { formatNumber } from '../format';
import mapStyles from '@/components/dashboards/dashboards.module.css';
import styles from '../model-raters.module.css';

const axes = { ticks: ['0', '1', '2', '3', '4'], syn: 'syntactic rating', sem: 'semantic rating' };
const bins = Array.from({ length: MAP_BINS }, (_, i) => i);

/** Blue where the model puts more pairs than the annotators, red where fewer; white for none. */
function differenceColour(share: number | null, max: number): string {
  if (share === null || max <= 0 || share === 0) return '#ffffff';
  const t = Math.min(1, Math.abs(share) / max);
  const mix = (to: number) => Math.round(255 + (to - 255) * t);
  return share > 0 ? `rgb(${mix(31)}, ${mix(60)}, ${mix(136)})` : `rgb(${mix(180)}, ${mix(35)}, ${mix(24)})`;
}

function DifferenceGrid({ maps, runBase }: { maps: JudgeMaps; runBase: string }) {
  const { cells, shares, pairIds } = maps.difference;
  const max = Math.max(0, ...shares.flat().map((s) => Math.abs(s ?? 0)));
  return (
    <figure className={mapStyles.map}>
      <table className={mapStyles.mapTable} aria-label="Difference map: model minus annotators">
        <caption>Model − annotators</caption>
        <tbody>
          {[...bins].reverse().map((y) => (
            <tr key={y}>
              <th scope="row" className={mapStyles.tick}>
                {axes.ticks[y]}
              </th>
              {bins.map((x) => {
                const n = cells[x]![y]!;
                const share = shares[x]![y] ?? null;
                const ids = pairIds[x]![y]!;
                const strong = share !== null && max > 0 && Math.abs(share) / max > 0.55;
                const text = n === 0 ? '0' : `${n > 0 ? '+' : '−'}${Math.abs(n)}`;
                const label = `syntactic ${x}, semantic ${y}: ${text} pairs, ${share === null ? 'no share' : `${formatNumber(share * 100, 1)} points`}`;
                const body = (
                  <>
                    <span className={mapStyles.count}>{text}</span>
                    <span className={mapStyles.share}>{share === null ? '–' : `${formatNumber(share * 100, 1)} pt`}</span>
                  </>
                );
                return (
                  <td key={x} style={{ background: differenceColour(share, max), color: strong ? '#ffffff' : '#1f2937' }}>
                    {ids.length > 0 ? (
                      <Link
                        href={cellPairsHref(runBase, {
                          kind: 'map-difference',
                          row: String(x),
                          column: String(y),
                          n: ids.length,
                          ids,
                        })}
                        aria-label={`${label}; open the pairs the model moved here`}
                        style={{ color: 'inherit' }}
                      >
                        {body}
                      </Link>
                    ) : (
                      <span aria-label={label}>{body}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <td />
            {bins.map((x) => (
              <th key={x} scope="col" className={mapStyles.tick}>
                {axes.ticks[x]}
              </th>
            ))}
          </tr>
        </tbody>
      </table>
      <figcaption className="small muted">
        ↑ semantic rating · → syntactic rating · pairs and share points; a count opens the pairs the model places here and the
        annotators elsewhere
      </figcaption>
    </figure>
  );
}

/**
 * The model's characteristic map beside the annotators' (their final labels) on the same pairs, and
 * the difference map; every cell opens its pairs.
 */
export function JudgeMapsView({ maps, runBase }: { maps: JudgeMaps; runBase: string }) {
  const scaleMax = Math.max(
    0.01,
    ...[maps.model, maps.humans].flatMap((m) =>
      mapShares(m)
        .flat()
        .map((s) => s ?? 0),
    ),
  );
  const href = (kind: 'map-model' | 'map-humans', map: JudgeMaps['model']) => (syn: number, sem: number) =>
    cellPairsHref(runBase, {
      kind,
      row: String(syn),
      column: String(sem),
      n: map.cells[syn]![sem]!,
      ids: map.pairIds[syn]![sem]!,
    });
  return (
    <div className={`stack ${styles.judgeMaps}`}>
      <p style={{ margin: 0 }}>
        {maps.pairs.toLocaleString('en')} pairs with both ratings from the model and decided final labels of both from the
        annotators · {maps.lacking.model.toLocaleString('en')} lack a rating of the model ·{' '}
        {maps.lacking.humans.toLocaleString('en')} lack a decided final label
      </p>
      {maps.pairs === 0 ? (
        <p className="muted">
          No pair has all four ratings yet: the maps appear once annotators&apos; final labels and the model&apos;s answers cover
          the same pairs.
        </p>
      ) : (
        <>
          <MapLegend scaleMax={scaleMax} />
          <div className={`${mapStyles.maps} ${styles.judgeMapsGrid}`}>
            <CharacteristicMapGrid
              title="The model"
              map={maps.model}
              scaleMax={scaleMax}
              axes={axes}
              cellHref={href('map-model', maps.model)}
            />
            <CharacteristicMapGrid
              title="The annotators (final labels)"
              map={maps.humans}
              scaleMax={scaleMax}
              axes={axes}
              cellHref={href('map-humans', maps.humans)}
            />
            <DifferenceGrid maps={maps} runBase={runBase} />
          </div>
        </>
      )}
    </div>
  );
}

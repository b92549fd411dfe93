import type { GroupDistribution } from '@/lib/dashboards/distributions';
import { formatMeasure } from '@/components/corpora/measure-format';
import { niceTicks } from '@/lib/dashboards/axis-ticks';
import { groupColour } from './group-colours';

const W = 320;
/** a row: the group's name above its box */
const ROW = 42;
const NAME = 12;
const LEFT = 8;
const RIGHT = 8;
const AXIS = 22;

/**
 * Horizontal box plots, one row per group on a shared axis (the histogram's range): the box from q1 to
 * q3, the median as a bar, the mean as a dot, whiskers to the most extreme values within 1.5 IQR.
 * Values beyond the whiskers are not drawn one by one; min and max are in the table. Each box has
 * its group's name (and n) above it; the axis has round ticks within the range.
 */
export function BoxPlot({
  groups,
  range,
  names,
  title,
}: {
  groups: readonly GroupDistribution[];
  range: readonly [number, number];
  names: (group: string) => string;
  title: string;
}) {
  const [lo, hi] = range;
  const x = (v: number) => LEFT + ((v - lo) / (hi - lo || 1)) * (W - LEFT - RIGHT);
  const height = groups.length * ROW + AXIS;
  const ticks = niceTicks(lo, hi, { maxTicks: 6 }).filter((t) => t >= lo - 1e-9 && t <= hi + 1e-9);
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      width="100%"
      role="img"
      aria-label={title}
      style={{ maxHeight: height * 1.6, overflow: 'visible' }}
    >
      {groups.map((g, i) => {
        const y = i * ROW + NAME + (ROW - NAME) / 2;
        const colour = groupColour(i);
        return (
          <g key={g.group} data-group={g.group}>
            <text x={LEFT} y={i * ROW + NAME - 1} fontSize={10} fill="#374151" data-group-name>
              {names(g.group)}
              <tspan fill="#6b7280"> (n {g.n.toLocaleString('en')})</tspan>
            </text>
            <title>{`${names(g.group)} (n ${g.n}): median ${formatMeasure(g.median, 3)}, q1 ${formatMeasure(g.q1, 3)}, q3 ${formatMeasure(g.q3, 3)}, whiskers ${formatMeasure(g.whiskerLow, 3)} to ${formatMeasure(g.whiskerHigh, 3)}, mean ${formatMeasure(g.mean, 3)}`}</title>
            <line x1={x(g.whiskerLow)} x2={x(g.whiskerHigh)} y1={y} y2={y} stroke={colour} />
            <line x1={x(g.whiskerLow)} x2={x(g.whiskerLow)} y1={y - 6} y2={y + 6} stroke={colour} />
            <line x1={x(g.whiskerHigh)} x2={x(g.whiskerHigh)} y1={y - 6} y2={y + 6} stroke={colour} />
            <rect
              x={x(g.q1)}
              y={y - 10}
              width={Math.max(1, x(g.q3) - x(g.q1))}
              height={20}
              fill={colour}
              fillOpacity={0.25}
              stroke={colour}
            />
            <line x1={x(g.median)} x2={x(g.median)} y1={y - 10} y2={y + 10} stroke={colour} strokeWidth={2.5} />
            <circle cx={x(g.mean)} cy={y} r={2.5} fill="#fff" stroke={colour} />
          </g>
        );
      })}
      <g fontSize={10} fill="#6b7280">
        <line x1={LEFT} x2={W - RIGHT} y1={height - AXIS + 4} y2={height - AXIS + 4} stroke="#d1d5db" />
        {ticks.map((t) => (
          <text
            key={t}
            x={x(t)}
            y={height - 4}
            textAnchor={x(t) <= LEFT + 1 ? 'start' : x(t) >= W - RIGHT - 1 ? 'end' : 'middle'}
            data-tick
          >
            {t}
          </text>
        ))}
      </g>
    </svg>
  );
}

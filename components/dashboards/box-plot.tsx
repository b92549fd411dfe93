import type { GroupDistribution } from '@/lib/dashboards/distributions';
import { formatMeasure } from '@/components/corpora/format';
import { groupColour } from './group-colours';

const W = 320;
const ROW = 30;
const LEFT = 8;
const RIGHT = 8;
const AXIS = 22;

/**
 * Horizontal box plots, one row per group on a shared axis (the histogram's range): the box from q1 to
 * q3, the median as a bar, the mean as a dot, whiskers to the most extreme values within 1.5 IQR.
 * Values beyond the whiskers are not drawn one by one; min and max are in the table.
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
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => lo + t * (hi - lo));
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      width="100%"
      role="img"
      aria-label={title}
      style={{ maxHeight: height * 1.6, overflow: 'visible' }}
    >
      {groups.map((g, i) => {
        const y = i * ROW + ROW / 2;
        const colour = groupColour(i);
        return (
          <g key={g.group} data-group={g.group}>
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
        {ticks.map((t, i) => (
          <text key={i} x={x(t)} y={height - 4} textAnchor={i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'middle'}>
            {formatMeasure(t, 2)}
          </text>
        ))}
      </g>
    </svg>
  );
}

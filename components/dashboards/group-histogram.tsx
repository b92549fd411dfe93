'use client';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { niceTicks } from '@/lib/dashboards/axis-ticks';
import { groupColour } from './group-colours';

/**
 * One measure's histograms, the groups' bars side by side in each bin, as shares of each group's n
 * (groups of different sizes compare bin by bin; the tooltip says the share). Both axes are titled;
 * the share axis has round ticks (0, 10, 20 %…).
 */
export function GroupHistogram({
  edges,
  groups,
  title,
  measure,
}: {
  edges: readonly number[];
  groups: ReadonlyArray<{ name: string; n: number; histogram: readonly number[] }>;
  title: string;
  /** the measure's name, the x axis's title */
  measure: string;
}) {
  const data = edges.slice(0, -1).map((low, bin) => ({
    bin: low.toFixed(2),
    ...Object.fromEntries(groups.map((g, i) => [`g${i}`, g.n > 0 ? (g.histogram[bin] ?? 0) / g.n : 0])),
  }));
  const highest = Math.max(0, ...data.flatMap((d) => groups.map((_, i) => Number(d[`g${i}` as keyof typeof d]) || 0)));
  const ticks = niceTicks(0, highest > 0 ? highest : 1, { maxTicks: 5 });
  return (
    <figure style={{ margin: 0, width: '100%', height: 200 }} aria-label={title}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 16, left: 4 }} barGap={0} barCategoryGap={1}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
          <XAxis
            dataKey="bin"
            fontSize={10}
            interval={4}
            label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 11 }}
          />
          <YAxis
            fontSize={10}
            domain={[0, ticks.at(-1) ?? 1]}
            ticks={ticks}
            tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
            label={{
              value: "share of the group's pairs",
              angle: -90,
              position: 'insideLeft',
              offset: 10,
              fontSize: 11,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip
            formatter={(v) => `${(Number(v) * 100).toFixed(1)} %`}
            labelFormatter={(l: unknown) => `bin from ${typeof l === 'string' ? l : ''}`}
          />
          {groups.map((g, i) => (
            <Bar key={g.name} dataKey={`g${i}`} name={g.name} fill={groupColour(i)} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

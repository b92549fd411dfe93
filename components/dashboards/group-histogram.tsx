'use client';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { groupColour } from './group-colours';

/**
 * One measure's histograms, the groups' bars side by side in each bin, as shares of each group's n
 * (groups of different sizes compare bin by bin; the tooltip says the share).
 */
export function GroupHistogram({
  edges,
  groups,
  title,
}: {
  edges: readonly number[];
  groups: ReadonlyArray<{ name: string; n: number; histogram: readonly number[] }>;
  title: string;
}) {
  const data = edges.slice(0, -1).map((low, bin) => ({
    bin: low.toFixed(2),
    ...Object.fromEntries(groups.map((g, i) => [`g${i}`, g.n > 0 ? (g.histogram[bin] ?? 0) / g.n : 0])),
  }));
  return (
    <figure style={{ margin: 0, width: '100%', height: 170 }} aria-label={title}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -18 }} barGap={0} barCategoryGap={1}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" vertical={false} />
          <XAxis dataKey="bin" fontSize={10} interval={4} />
          <YAxis fontSize={10} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
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

'use client';
import { Bar, BarChart, CartesianGrid, ErrorBar, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface AlphaBar {
  name: string;
  alpha: number;
  ci: [number, number] | null;
}

const ACCENT = '#3451b2';

/**
 * Krippendorff's α of the annotators alone and with the model as one more rater, each with its 95 %
 * bootstrap interval: a drop means the model disagrees with the annotators more than they do among
 * themselves. Titled axes; the table beside it gives the numbers.
 */
export function AlphaChart({ bars }: { bars: AlphaBar[] }) {
  const data = bars.map((b) => ({
    name: b.name,
    alpha: b.alpha,
    error: b.ci ? [Math.max(0, b.alpha - b.ci[0]), Math.max(0, b.ci[1] - b.alpha)] : [0, 0],
  }));
  const low = Math.min(0, ...bars.map((b) => b.ci?.[0] ?? b.alpha));
  return (
    <figure aria-label="Krippendorff's alpha with and without the model" style={{ margin: 0, width: '100%', height: 190 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
          <XAxis
            type="number"
            domain={[Math.floor(low * 10) / 10, 1]}
            fontSize={12}
            label={{ value: "Krippendorff's α (95 % bootstrap interval)", position: 'insideBottom', offset: -14, fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={112}
            fontSize={12}
            label={{ value: 'raters', angle: -90, position: 'insideLeft', fontSize: 12 }}
          />
          <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(3) : String(v))} />
          <ReferenceLine x={0} stroke="#9ca3af" />
          <Bar dataKey="alpha" name="α" fill={ACCENT} isAnimationActive={false} barSize={22}>
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="#111827" direction="x" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

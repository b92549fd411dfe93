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
  const low = Math.floor(Math.min(0, ...bars.map((b) => b.ci?.[0] ?? b.alpha)) * 5) / 5;
  const ticks = Array.from({ length: Math.round((1 - low) * 5) + 1 }, (_, i) => Math.round((low + i * 0.2) * 10) / 10);
  return (
    <figure aria-label="Krippendorff's alpha with and without the model" style={{ margin: 0, width: '100%' }}>
      <div style={{ width: '100%', height: 170 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 24, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
            <XAxis
              type="number"
              domain={[low, 1]}
              ticks={ticks}
              fontSize={12}
              label={{ value: "Krippendorff's α", position: 'insideBottom', offset: -14, fontSize: 12 }}
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
      </div>
      <figcaption className="small muted">bars: α; whiskers: the 95 % bootstrap interval</figcaption>
    </figure>
  );
}

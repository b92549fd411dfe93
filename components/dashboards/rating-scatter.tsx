'use client';
import { useRouter } from 'next/navigation';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './dashboards.module.css';

export interface ScatterPoint {
  pairId: number;
  score: number;
  rating: number;
}

/** A small deterministic jitter per pair (±0.15), so equal ratings do not hide each other. */
function jitter(id: number): number {
  const x = Math.sin(id * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.3;
}

/** Rating against score, one point per pair; a point opens its pair. */
export function RatingScatter({ points, measure, rating }: { points: readonly ScatterPoint[]; measure: string; rating: string }) {
  const router = useRouter();
  const data = points.map((p) => ({ ...p, y: p.rating + jitter(p.pairId) }));
  return (
    <figure className={styles.chart} aria-label={`${rating} against ${measure}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 10, right: 24, bottom: 20, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" dataKey="score" name={measure} domain={[0, 1]} fontSize={12} label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 12 }} />
          <YAxis type="number" dataKey="y" name={rating} domain={[-0.5, 4.5]} ticks={[0, 1, 2, 3, 4]} fontSize={12} />
          <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(2) : String(v))} />
          <Scatter data={data} fill="#3451b2" fillOpacity={0.6} isAnimationActive={false} onClick={(p: { payload?: { pairId?: number } }) => p.payload?.pairId && router.push(`/dashboards/pairs/${p.payload.pairId}`)} cursor="pointer" />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

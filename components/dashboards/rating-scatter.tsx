'use client';
import { useRouter } from 'next/navigation';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { niceTicks } from '@/lib/dashboards/axis-ticks';
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

const integersIn = ([low, high]: [number, number]) =>
  Array.from({ length: Math.floor(high) - Math.ceil(low) + 1 }, (_, i) => Math.ceil(low) + i);

/**
 * Rating against score, one point per pair; a point opens its pair. `ratingRange` is the axis's
 * range (0-4 for the Likert scales, 0..k-1 for an ordinal question, -4..4 for human Δ); scores
 * below 0 (Δsem,syn) widen the score axis to [-1, 1].
 */
export function RatingScatter({
  points,
  measure,
  rating,
  ratingRange = [0, 4],
}: {
  points: readonly ScatterPoint[];
  measure: string;
  rating: string;
  ratingRange?: [number, number];
}) {
  const router = useRouter();
  const data = points.map((p) => ({ ...p, y: p.rating + jitter(p.pairId) }));
  const scoreDomain: [number, number] = points.some((p) => p.score < 0) ? [-1, 1] : [0, 1];
  const scoreTicks = niceTicks(scoreDomain[0], scoreDomain[1]);
  return (
    <figure className={styles.chart} aria-label={`${rating} against ${measure}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 10, right: 24, bottom: 20, left: 12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            type="number"
            dataKey="score"
            name={measure}
            domain={scoreDomain}
            ticks={scoreTicks}
            fontSize={12}
            label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={rating}
            domain={[ratingRange[0] - 0.5, ratingRange[1] + 0.5]}
            ticks={integersIn(ratingRange)}
            fontSize={12}
            label={{
              value: rating,
              angle: -90,
              position: 'insideLeft',
              offset: 12,
              fontSize: 12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(2) : String(v))} />
          <Scatter
            data={data}
            fill="#3451b2"
            fillOpacity={0.6}
            isAnimationActive={false}
            onClick={(p: { payload?: { pairId?: number } }) =>
              p.payload?.pairId && router.push(`/explore/pairs/${p.payload.pairId}`)
            }
            cursor="pointer"
          />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

'use client';
import { useRouter } from 'next/navigation';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { niceTicks, scoreDomain } from '@/lib/dashboards/axis-ticks';
import styles from './dashboards.module.css';

export interface ScorePoint {
  pairId: number;
  x: number;
  y: number;
}

/** A corpus's own score against a measure, one point per pair; a point opens its pair. */
export function ScoreScatter({ points, measure, score }: { points: readonly ScorePoint[]; measure: string; score: string }) {
  const router = useRouter();
  // Whole points around the data (SICK's 1-5 reads 1 … 5, STS-B's 0-5 reads 0 … 5); x keeps 0-1 unless a
  // measure leaves it (Δ is negative); round ticks on both.
  const xDomain = scoreDomain(points.map((p) => p.x));
  const yDomain = scoreDomain(points.map((p) => p.y));
  const xTicks = niceTicks(xDomain[0], xDomain[1]);
  const yTicks = niceTicks(yDomain[0], yDomain[1], { integers: yDomain[1] - yDomain[0] > 1 });
  return (
    <figure className={styles.chart} aria-label={`${score} against ${measure}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 10, right: 24, bottom: 20, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            type="number"
            dataKey="x"
            name={measure}
            domain={[xTicks[0] ?? 0, xTicks.at(-1) ?? 1]}
            ticks={xTicks}
            fontSize={12}
            label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={score}
            domain={[yTicks[0] ?? 0, yTicks.at(-1) ?? 1]}
            ticks={yTicks}
            fontSize={12}
            label={{ value: score, angle: -90, position: 'insideLeft', offset: 16, fontSize: 12 }}
          />
          <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(2) : String(v))} />
          <Scatter
            data={[...points]}
            fill="#3451b2"
            fillOpacity={0.5}
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

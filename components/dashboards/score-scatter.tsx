'use client';
import { useRouter } from 'next/navigation';
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './dashboards.module.css';

export interface ScorePoint {
  pairId: number;
  x: number;
  y: number;
}

/** A corpus's own score against a measure, one point per pair; a point opens its pair. */
export function ScoreScatter({ points, measure, score }: { points: readonly ScorePoint[]; measure: string; score: string }) {
  const router = useRouter();
  // Whole units around the data (STS-B's 0-5 stays 0-5, not 0-8); x keeps 0-1 unless a measure leaves it (Δ is negative).
  const span = (values: number[], lo: number, hi: number): [number, number] => [
    Math.min(lo, Math.floor(Math.min(...values))),
    Math.max(hi, Math.ceil(Math.max(...values))),
  ];
  const xDomain = span(
    points.map((p) => p.x),
    0,
    1,
  );
  const yDomain = span(
    points.map((p) => p.y),
    0,
    1,
  );
  return (
    <figure className={styles.chart} aria-label={`${score} against ${measure}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 10, right: 24, bottom: 20, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            type="number"
            dataKey="x"
            name={measure}
            domain={xDomain}
            fontSize={12}
            label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis
            type="number"
            dataKey="y"
            name={score}
            domain={yDomain}
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

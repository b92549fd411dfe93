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
  return (
    <figure className={styles.chart} aria-label={`${score} against ${measure}`}>
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 10, right: 24, bottom: 20, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" dataKey="x" name={measure} domain={[0, 1]} fontSize={12} label={{ value: measure, position: 'insideBottom', offset: -10, fontSize: 12 }} />
          <YAxis type="number" dataKey="y" name={score} domain={['auto', 'auto']} fontSize={12} />
          <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(2) : String(v))} />
          <Scatter data={[...points]} fill="#3451b2" fillOpacity={0.5} isAnimationActive={false} onClick={(p: { payload?: { pairId?: number } }) => p.payload?.pairId && router.push(`/dashboards/pairs/${p.payload.pairId}`)} cursor="pointer" />
        </ScatterChart>
      </ResponsiveContainer>
    </figure>
  );
}

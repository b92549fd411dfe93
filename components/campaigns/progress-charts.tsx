'use client';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styles from './campaigns.module.css';

const ACCENT = '#3451b2';
const SOFT = '#c9d2f2';

/** Answers given so far, day by day, against the campaign's target (non-gold items × overlap). */
export function CompletionChart({ days, target }: { days: ReadonlyArray<{ day: string; cumulative: number }>; target: number }) {
  return (
    <figure className={styles.chart} aria-label="Answers over time" style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...days]} margin={{ top: 10, right: 24, bottom: 16, left: 12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="day" fontSize={12} label={{ value: 'day', position: 'insideBottom', offset: -10, fontSize: 12 }} />
          <YAxis
            fontSize={12}
            allowDecimals={false}
            domain={[0, Math.max(target, ...days.map((d) => d.cumulative))]}
            label={{
              value: 'answers',
              angle: -90,
              position: 'insideLeft',
              offset: 12,
              fontSize: 12,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip />
          <ReferenceLine
            y={target}
            stroke="#1a7f37"
            strokeDasharray="4 4"
            label={{ value: `target ${target.toLocaleString('en')}`, position: 'insideTopRight', fontSize: 12 }}
          />
          <Line
            type="stepAfter"
            dataKey="cumulative"
            name="answers so far"
            stroke={ACCENT}
            strokeWidth={2}
            dot={days.length < 40}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Done and remaining per annotator, side by side. */
export function AnnotatorBars({ rows }: { rows: ReadonlyArray<{ name: string; done: number; remaining: number }> }) {
  const height = Math.max(160, 40 + rows.length * 28);
  return (
    <figure aria-label="Done and remaining per annotator" style={{ margin: 0, width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...rows]} layout="vertical" margin={{ top: 0, right: 24, bottom: 16, left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
          <XAxis
            type="number"
            fontSize={12}
            allowDecimals={false}
            label={{ value: 'pairs', position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis type="category" dataKey="name" width={140} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="done" name="done" stackId="a" fill={ACCENT} isAnimationActive={false} />
          <Bar dataKey="remaining" name="could still get" stackId="a" fill={SOFT} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

'use client';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunnelRow } from '@/lib/mining/funnel';
import { referenceShareSeries } from './mining-format';

const percent = (v: number) => `${(v * 100).toLocaleString('en', { maximumSignificantDigits: 2 })}%`;

/** References left after each filter, as a share of all references (log scale), beside the paper's funnel. */
export function FunnelChart({ rows, runId }: { rows: FunnelRow[]; runId: number }) {
  const data = referenceShareSeries(rows);
  return (
    <figure style={{ margin: 0 }} aria-label={`Funnel chart of run ${runId}`}>
      <div style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="step" label={{ value: 'filter step (Table 3 row)', position: 'insideBottom', offset: -4 }} />
            <YAxis scale="log" domain={['auto', 1]} tickFormatter={percent} allowDataOverflow width={56} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? percent(v) : String(v))} />
            <Legend verticalAlign="top" />
            <Line
              type="monotone"
              dataKey="run"
              name={`run #${runId}`}
              stroke="#2563eb"
              connectNulls={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="paper"
              name="paper (enwiki 2022)"
              stroke="#9ca3af"
              strokeDasharray="5 4"
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="small muted">
        References left after each filter, as a share of all references (log scale).
      </figcaption>
    </figure>
  );
}

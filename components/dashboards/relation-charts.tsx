'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styles from './dashboards.module.css';

export interface RelationBar {
  relation: string;
  paraphrase: number;
  nonParaphrase: number;
}

/** Both charts count pairs on a titled y-axis, with room for the titles. */
const BAR_MARGIN = { top: 10, right: 24, bottom: 16, left: 12 };
const PAIRS_AXIS_LABEL = {
  value: 'pairs',
  angle: -90,
  position: 'insideLeft' as const,
  offset: 12,
  fontSize: 12,
  style: { textAnchor: 'middle' as const },
};

/** Thesis Fig. 5.5: how often each relation was chosen for paraphrases and for non-paraphrases (titled axes). */
export function RelationBars({ rows }: { rows: readonly RelationBar[] }) {
  return (
    <figure className={styles.chart} aria-label="Relations by paraphrase label">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...rows]} margin={BAR_MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            dataKey="relation"
            fontSize={12}
            label={{ value: 'entailment relation', position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis allowDecimals={false} fontSize={12} label={PAIRS_AXIS_LABEL} />
          <Tooltip />
          <Legend />
          <Bar dataKey="paraphrase" name="paraphrase" fill="#3451b2" isAnimationActive={false} />
          <Bar dataKey="nonParaphrase" name="not a paraphrase" fill="#d97706" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export interface LooseStrictBar {
  loose: string;
  strictYes: number;
  strictNo: number;
}

/** The loose × strict cross-table as stacked bars. */
export function LooseStrictBars({ rows }: { rows: readonly LooseStrictBar[] }) {
  return (
    <figure className={styles.chart} aria-label="Loose by strict paraphrase labels">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...rows]} margin={BAR_MARGIN}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            dataKey="loose"
            fontSize={12}
            label={{ value: 'paraphrase under the loose definition', position: 'insideBottom', offset: -10, fontSize: 12 }}
          />
          <YAxis allowDecimals={false} fontSize={12} label={PAIRS_AXIS_LABEL} />
          <Tooltip />
          <Legend />
          <Bar dataKey="strictYes" name="strict: paraphrase" stackId="s" fill="#3451b2" isAnimationActive={false} />
          <Bar dataKey="strictNo" name="strict: not" stackId="s" fill="#c9d2f2" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

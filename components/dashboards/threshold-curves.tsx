'use client';
/**
 * Precision-recall and ROC curves of several measures on one chart each, with each measure's best
 * threshold (highest F1) and the chosen threshold marked; PNG and CSV downloads.
 */
import { useRef } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceDot, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MeasureThresholds } from '@/lib/dashboards/judgement-analysis';
import { renderThresholdCsv } from '@/lib/dashboards/judgement-analysis';
import { saveBlob, saveSvgAsPng } from './file-download';
import styles from './dashboards.module.css';

const COLOURS = ['#3451b2', '#c2410c', '#15803d', '#9333ea', '#0e7490', '#b91c1c', '#4d7c0f', '#a16207'];

export interface CurveSeries {
  key: string;
  label: string;
  result: MeasureThresholds;
}

type Kind = 'pr' | 'roc';

function pointOf(
  kind: Kind,
  p: { precision: number | null; recall: number | null; fpr?: number; tpr?: number },
): { x: number; y: number } | null {
  if (kind === 'pr') return p.precision === null || p.recall === null ? null : { x: p.recall, y: p.precision };
  return p.fpr === undefined || p.tpr === undefined ? null : { x: p.fpr, y: p.tpr };
}

/** The curve point at a threshold: the lowest curve threshold still at or above it. */
function curvePointAt(result: MeasureThresholds, threshold: number) {
  let found = null;
  for (const p of result.curve) if (p.threshold >= threshold) found = p;
  return found;
}

function CurveChart({ kind, series, chosen }: { kind: Kind; series: readonly CurveSeries[]; chosen: number | null }) {
  const title = kind === 'pr' ? 'Precision-recall' : 'ROC';
  return (
    <figure className={styles.chart} style={{ height: 340 }} aria-label={`${title} curves`} data-chart={kind}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 10, right: 24, bottom: 24, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis
            type="number"
            dataKey="x"
            domain={[0, 1]}
            fontSize={12}
            label={{
              value: kind === 'pr' ? 'recall' : 'false positive rate',
              position: 'insideBottom',
              offset: -12,
              fontSize: 12,
            }}
          />
          <YAxis
            type="number"
            dataKey="y"
            domain={[0, 1]}
            fontSize={12}
            label={{
              value: kind === 'pr' ? 'precision' : 'true positive rate',
              angle: -90,
              position: 'insideLeft',
              fontSize: 12,
            }}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? v.toFixed(3) : String(v))}
            labelFormatter={(v: unknown) => (typeof v === 'number' ? v.toFixed(3) : '')}
          />
          <Legend verticalAlign="top" height={24} />
          {kind === 'roc' && (
            <Line
              data={[
                { x: 0, y: 0 },
                { x: 1, y: 1 },
              ]}
              dataKey="y"
              stroke="#9ca3af"
              strokeDasharray="4 4"
              dot={false}
              legendType="none"
              isAnimationActive={false}
              name="chance"
            />
          )}
          {series.map((s, i) => {
            const data = (kind === 'roc' ? [{ x: 0, y: 0 }] : []).concat(s.result.curve.flatMap((p) => pointOf(kind, p) ?? []));
            return (
              <Line
                key={s.key}
                data={data}
                dataKey="y"
                name={s.label}
                stroke={COLOURS[i % COLOURS.length]}
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
              />
            );
          })}
          {series.map((s, i) => {
            const best = s.result.best ? curvePointAt(s.result, s.result.best.threshold) : null;
            const at = best ? pointOf(kind, best) : null;
            return at ? (
              <ReferenceDot key={`best-${s.key}`} x={at.x} y={at.y} r={5} fill={COLOURS[i % COLOURS.length]} stroke="#111827" />
            ) : null;
          })}
          {chosen !== null &&
            series.map((s, i) => {
              const p = curvePointAt(s.result, chosen);
              const at = p ? pointOf(kind, p) : null;
              return at ? (
                <ReferenceDot
                  key={`at-${s.key}`}
                  x={at.x}
                  y={at.y}
                  r={6}
                  fill="#ffffff"
                  stroke={COLOURS[i % COLOURS.length]}
                  strokeWidth={2}
                />
              ) : null;
            })}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function ThresholdCurves({
  series,
  chosen,
  fileBase,
}: {
  series: readonly CurveSeries[];
  chosen: number | null;
  fileBase: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const png = (kind: Kind) => {
    const svg = ref.current?.querySelector(`[data-chart="${kind}"] svg.recharts-surface`);
    if (!svg) return;
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    saveSvgAsPng(new XMLSerializer().serializeToString(copy), `${fileBase}-${kind}.png`);
  };
  return (
    <div ref={ref}>
      <p className="small muted">
        Filled dots: each measure&apos;s best threshold (highest F1).{' '}
        {chosen !== null ? `Open dots: the chosen threshold ${chosen}.` : ''}
      </p>
      <div className={styles.curves}>
        <CurveChart kind="pr" series={series} chosen={chosen} />
        <CurveChart kind="roc" series={series} chosen={chosen} />
      </div>
      <div className="row small" aria-label="Download the curves">
        <button type="button" className="secondary" onClick={() => png('pr')}>
          PNG (precision-recall)
        </button>
        <button type="button" className="secondary" onClick={() => png('roc')}>
          PNG (ROC)
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            saveBlob(new Blob([renderThresholdCsv(series.map((s) => s.result))], { type: 'text/csv' }), `${fileBase}.csv`)
          }
        >
          CSV
        </button>
      </div>
    </div>
  );
}

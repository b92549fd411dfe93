'use client';
// A client component: the page hands it the figures once (about 26 KB for 17 measures in 5 groups), where
// as a server component its box plots and tables went out twice, as HTML and as a React tree (344 KB
// in all; now 155 KB), which made the page's server time on a 10M corpus about 45-56 ms median
// instead of 33-41 (docs/benchmarks.md, issue 40).
import type { Distributions, MeasureDistribution } from '@/lib/dashboards/distributions';
import { formatCount, formatMeasure } from '@/components/corpora/measure-format';
import { EmptyState } from '@/components/ui/empty-state';
import { BoxPlot } from './box-plot';
import { GroupHistogram } from './group-histogram';
import { DistributionsCsv } from './distributions-csv';
import { groupColour } from './group-colours';
import styles from './dashboards.module.css';

/** The groups with their colours and numbers of pairs (and the pairs left out). */
function GroupLegend({ data, names }: { data: Distributions; names: (group: string) => string }) {
  return (
    <p className="row small" aria-label="Groups">
      {data.groups.map((g, i) => (
        <span key={g.group} data-testid="distribution-group">
          <span
            aria-hidden
            style={{ display: 'inline-block', width: 10, height: 10, background: groupColour(i), marginRight: 4 }}
          />
          {names(g.group)}: <strong>{formatCount.format(g.pairs)}</strong> pairs
        </span>
      ))}
      {data.unlabelled > 0 && <span className="muted">{formatCount.format(data.unlabelled)} pairs without a label left out</span>}
    </p>
  );
}

function MeasureCard({ m, names }: { m: MeasureDistribution; names: (group: string) => string }) {
  const range: [number, number] = [m.edges[0]!, m.edges.at(-1)!];
  const f = (v: number) => formatMeasure(v, 3);
  return (
    <section className="card" aria-labelledby={`dist-${m.measure}`} data-measure={m.measure}>
      <h3 id={`dist-${m.measure}`} style={{ marginTop: 0 }}>
        {m.label}
      </h3>
      <div className={styles.distribution}>
        <BoxPlot groups={m.groups} range={range} names={names} title={`${m.label}: box plots by group`} />
        <GroupHistogram
          edges={m.edges}
          groups={m.groups.map((g) => ({ name: names(g.group), n: g.n, histogram: g.histogram }))}
          title={`${m.label}: histograms by group`}
          measure={m.label}
        />
      </div>
      <div style={{ overflowX: 'auto' }}>
        <table className="data small" aria-label={`${m.label} by group`}>
          <thead>
            <tr>
              <th>group</th>
              <th className="num">n</th>
              <th className="num">min</th>
              <th className="num">q1</th>
              <th className="num">median</th>
              <th className="num">q3</th>
              <th className="num">max</th>
              <th className="num">whiskers</th>
              <th className="num">mean</th>
            </tr>
          </thead>
          <tbody>
            {m.groups.map((g) => (
              <tr key={g.group}>
                <th scope="row">{names(g.group)}</th>
                <td className="num">{formatCount.format(g.n)}</td>
                <td className="num">{f(g.min)}</td>
                <td className="num">{f(g.q1)}</td>
                <td className="num">{f(g.median)}</td>
                <td className="num">{f(g.q3)}</td>
                <td className="num">{f(g.max)}</td>
                <td className="num">
                  {f(g.whiskerLow)} – {f(g.whiskerHigh)}
                </td>
                <td className="num">{f(g.mean)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Every measure's distribution by group: box plot and histogram side by side, the figures below.
 * `names` turns a group's value into words ("yes" → "paraphrase").
 */
export function DistributionsView({
  data,
  names,
  fileName,
}: {
  data: Distributions;
  names: Record<string, string>;
  fileName: string;
}) {
  const name = (group: string) => names[group] ?? group;
  if (data.measures.length === 0) {
    return (
      <EmptyState title="No measures yet">
        <p>The labelled pairs have no measure values yet.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <GroupLegend data={data} names={name} />
        <DistributionsCsv data={data} fileName={fileName} />
      </div>
      <p className="small muted">
        Box: quartiles and median (bar), mean (dot); whiskers to the most extreme values within 1.5 IQR of the box. Histograms: 20
        equal bins over [0, 1] (over the measure&apos;s range when it leaves [0, 1]), as shares of each group.
      </p>
      <div className="stack">
        {data.measures.map((m) => (
          <MeasureCard key={m.measure} m={m} names={name} />
        ))}
      </div>
    </>
  );
}

import Link from 'next/link';
import type { PairRow } from '@/lib/db/pairs/pairs';
import { formatMeasure } from './measure-format';

/** The corpus page's first pairs; a pair's first text opens it in the explorer. */
export function PairPreviewTable({ pairs }: { pairs: PairRow[] }) {
  if (pairs.length === 0) return <p className="muted">This corpus has no pairs yet.</p>;
  return (
    <table className="data" aria-label="Pairs">
      <thead>
        <tr>
          <th>Text A</th>
          <th>Text B</th>
          <th>Label</th>
          <th className="num">syn</th>
          <th className="num">sem</th>
          <th className="num">Δ</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.id}>
            <td>
              <Link href={`/explore/pairs/${p.id}`} title={`Pair #${p.id}: texts, every measure and its campaigns`}>
                {p.a}
              </Link>
            </td>
            <td>{p.b}</td>
            <td className="small">{p.referenceLabel ?? (p.referenceScore === null ? '' : String(p.referenceScore))}</td>
            <td className="num">{formatMeasure(p.syn)}</td>
            <td className="num">{formatMeasure(p.sem)}</td>
            <td className="num">{formatMeasure(p.delta)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

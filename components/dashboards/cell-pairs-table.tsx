import Link from 'next/link';
import type { CellPair } from '@/lib/db/pairs/map-cell-pairs';
import { formatMeasure } from '@/components/corpora/measure-format';

/** One page of a map cell's pairs: the two texts, syn and sem (and the ratings that placed it). */
export function CellPairsTable({ pairs, rated }: { pairs: readonly CellPair[]; rated: boolean }) {
  return (
    <table className="data" aria-label="Pairs in the cell">
      <thead>
        <tr>
          <th>Pair</th>
          <th>Text A</th>
          <th>Text B</th>
          <th className="num">syn</th>
          <th className="num">sem</th>
          {rated && <th className="num">rated syn</th>}
          {rated && <th className="num">rated sem</th>}
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.id}>
            <td>
              <Link href={`/explore/pairs/${p.id}`}>#{p.id}</Link>
            </td>
            <td>{p.a}</td>
            <td>{p.b}</td>
            <td className="num">{p.syn === null ? '–' : formatMeasure(p.syn)}</td>
            <td className="num">{p.sem === null ? '–' : formatMeasure(p.sem)}</td>
            {rated && <td className="num">{p.ratedSyn ?? '–'}</td>}
            {rated && <td className="num">{p.ratedSem ?? '–'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous / next links for a paged list whose total is known. */
export function Pager({
  page,
  pageSize,
  total,
  href,
}: {
  page: number;
  pageSize: number;
  total: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="row small" aria-label="Pages">
      {page > 1 && <Link href={href(page - 1)}>← previous</Link>}
      <span>
        page {page} of {pages} · {total.toLocaleString('en')} pairs
      </span>
      {page < pages && <Link href={href(page + 1)}>next →</Link>}
    </nav>
  );
}

export interface SemanticMeasureRow {
  key: string;
  label: string;
  description: string;
  /** pairs that have a value */
  pairs: number;
  inSet: boolean;
  fallback: boolean;
  /** where values come from: "model ready", "no model: …", "built in" */
  source: string;
}

/** How many pairs have each semantic measure, whether it forms sem, and whether it can be computed here. */
export function SemanticMeasuresTable({ rows, totalPairs }: { rows: SemanticMeasureRow[]; totalPairs: number }) {
  return (
    <table className="data" aria-label="Semantic measures">
      <thead>
        <tr>
          <th>Measure</th>
          <th className="num">Pairs with a value</th>
          <th>Forms sem</th>
          <th>Computed here from</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td title={r.description}>{r.label}</td>
            <td className="num">
              {r.pairs.toLocaleString('en')} / {totalPairs.toLocaleString('en')}
            </td>
            <td>{r.inSet ? (r.fallback ? 'where no measure above it is there' : 'yes') : 'no'}</td>
            <td className="small">{r.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

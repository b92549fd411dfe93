import type { LabelMapping } from '@/lib/dashboards/label-mapping';
import { MAPPING_PRESETS } from '@/lib/dashboards/label-mapping';

/** The mapping a comparison used, shown with its result: each label mapped and what it counts as. */
export function LabelMappingTable({
  mapping,
  names,
  otherName,
}: {
  mapping: LabelMapping;
  names: Record<string, string>;
  otherName: string;
}) {
  const rows = (['mine', 'other'] as const).flatMap((side) =>
    Object.entries(mapping[side]).map(([value, target]) => ({ side, value, target })),
  );
  const preset = mapping.preset ? MAPPING_PRESETS[mapping.preset] : undefined;
  return (
    <div className="stack small">
      <table className="data" aria-label="Labels mapped" style={{ width: 'auto' }}>
        <caption className="muted" style={{ textAlign: 'left' }}>
          {preset ? `Preset: ${preset.title}.` : 'Mapped value by value.'} Compared after mapping.
        </caption>
        <thead>
          <tr>
            <th scope="col">side</th>
            <th scope="col">label</th>
            <th scope="col">counts as</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.side}:${r.value}`}>
              <td>{r.side === 'mine' ? 'this campaign' : otherName}</td>
              <th scope="row">{names[r.value] ?? r.value}</th>
              <td>{names[r.target] ?? r.target}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preset && <p className="muted">{preset.reading}</p>}
    </div>
  );
}

import { AUDIT_CHANNELS } from '@/lib/access/audit-channels';
import { Field } from '@/components/ui/field';

/** The audit page's filters: a plain GET form, so every filtered view has its own URL. */
export function AuditFilterForm({
  actions,
  actors,
  current,
}: {
  actions: readonly string[];
  actors: readonly string[];
  current: Record<string, string>;
}) {
  const groups = [...new Set(actions.map((a) => a.split('.')[0]!))];
  return (
    <form method="get" className="row small audit-filters" aria-label="Filter the audit log">
      <Field label="Actor">
        <select name="actor" defaultValue={current.actor ?? ''}>
          <option value="">anyone</option>
          {actors.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Action">
        <select name="action" defaultValue={current.action ?? ''}>
          <option value="">any</option>
          {groups.map((g) => (
            <optgroup key={g} label={g}>
              <option value={`${g}.`}>{g}.* (all)</option>
              {actions
                .filter((a) => a.split('.')[0] === g)
                .map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Field>
      <Field label="Via">
        <select name="via" defaultValue={current.via ?? ''}>
          <option value="">any</option>
          {AUDIT_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {c === 'api' ? 'API' : c === 'cli' ? 'CLI' : c}
            </option>
          ))}
        </select>
      </Field>
      <Field label="From">
        <input type="date" name="from" defaultValue={current.from ?? ''} />
      </Field>
      <Field label="To">
        <input type="date" name="to" defaultValue={current.to ?? ''} />
      </Field>
      <button type="submit">Filter</button>
      {Object.keys(current).length > 0 && <a href="/admin/audit">Clear</a>}
    </form>
  );
}

'use client';
/**
 * The mapping step of a generic CSV / TSV / JSON Lines upload: the file's columns and first rows,
 * and one list per role (those of `--map`) to pick the column that holds it. The server checks the
 * choice against the file before the import starts; its errors come back per role.
 */
import type { ColumnPreview, ColumnRole } from '@/lib/import/column-roles';

const MAIN_ROLES = new Set(['a', 'b', 'id', 'label', 'score', 'paraphrase', 'image', 'cluster', 'pageA', 'pageB']);

function RolePicker({
  role,
  columns,
  value,
  error,
  onChange,
}: {
  role: ColumnRole;
  columns: string[];
  value: string;
  error: string | undefined;
  onChange: (column: string) => void;
}) {
  const id = `role-${role.key.replace('.', '-')}`;
  return (
    <label htmlFor={id} style={{ minWidth: 0 }}>
      {role.label}
      {role.required && <span className="small muted"> (required)</span>}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        style={{ maxWidth: '100%' }}
      >
        <option value="">{role.required ? 'Choose a column…' : '(none)'}</option>
        {columns.map((c, i) => (
          <option key={`${i}-${c}`} value={c}>
            {c}
          </option>
        ))}
      </select>
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}

export function ColumnMapping({
  preview,
  roles,
  chosen,
  errors,
  onChange,
}: {
  preview: ColumnPreview;
  roles: readonly ColumnRole[];
  chosen: Record<string, string>;
  errors: Record<string, string>;
  onChange: (role: string, column: string) => void;
}) {
  const roleOf = (column: string) => roles.filter((r) => chosen[r.key] === column).map((r) => r.label);
  const measureRoles = roles.filter((r) => !MAIN_ROLES.has(r.key));
  const picker = (role: ColumnRole) => (
    <RolePicker
      key={role.key}
      role={role}
      columns={preview.columns}
      value={chosen[role.key] ?? ''}
      error={errors[role.key]}
      onChange={(c) => onChange(role.key, c)}
    />
  );
  return (
    <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.5rem' }}>Columns</legend>
      {preview.columns.length === 0 ? (
        <p className="muted small">No columns could be read from the start of the file.</p>
      ) : (
        <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <table className="data small" aria-label="First rows of the file" style={{ display: 'table' }}>
            <thead>
              <tr>
                {preview.columns.map((c, i) => (
                  <th key={`${i}-${c}`} scope="col">
                    {c}
                    {roleOf(c).length > 0 && <div style={{ fontWeight: 400 }}>→ {roleOf(c).join(', ')}</div>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, r) => (
                <tr key={r}>
                  {preview.columns.map((c, i) => (
                    <td
                      key={`${i}-${c}`}
                      title={row[i]}
                      style={{ maxWidth: '16rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {row[i] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: '0.5rem 1rem' }}>
        {roles.filter((r) => MAIN_ROLES.has(r.key)).map(picker)}
      </div>
      {measureRoles.length > 0 && (
        <details open={measureRoles.some((r) => chosen[r.key] || errors[r.key])}>
          <summary className="small">
            Measures in the file ({measureRoles.map((r) => r.label.replace(' (measure)', '')).join(', ')})
          </summary>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
              gap: '0.5rem 1rem',
              marginTop: '0.5rem',
            }}
          >
            {measureRoles.map(picker)}
          </div>
        </details>
      )}
      <p className="small muted" style={{ margin: 0 }}>
        Columns without a role are kept with each pair as metadata.
      </p>
    </fieldset>
  );
}

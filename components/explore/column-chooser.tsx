'use client';
/** Which columns the explorer shows: a disclosure with one checkbox per column (kept in the URL by the table). */
import type { ExplorerColumn } from '@/lib/explore/explorer-view';
import styles from './explore.module.css';

export function ColumnChooser({ columns, visible, onToggle }: { columns: readonly ExplorerColumn[]; visible: string[]; onToggle: (id: string, on: boolean) => void }) {
  return (
    <details className={styles.chooser}>
      <summary>Columns ({visible.length})</summary>
      <fieldset className={styles.chooserList}>
        <legend className="small muted">Show</legend>
        {columns.map((c) => (
          <label key={c.id} className={styles.check} title={c.description}>
            <input type="checkbox" checked={visible.includes(c.id)} onChange={(e) => onToggle(c.id, e.target.checked)} /> {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

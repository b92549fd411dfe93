'use client';
/** Which columns the explorer shows: a disclosure with one checkbox per column (kept in the URL by the table). */
import type { ExplorerColumn } from '@/lib/explore/explorer-view';
import { Checkbox } from '@/components/ui/choice';
import styles from './explore.module.css';

export function ColumnChooser({
  columns,
  visible,
  onToggle,
}: {
  columns: readonly ExplorerColumn[];
  visible: string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <details className={styles.chooser}>
      <summary>Columns ({visible.length})</summary>
      <fieldset className={styles.chooserList}>
        <legend className="small muted">Show</legend>
        {columns.map((c) => (
          <Checkbox
            key={c.id}
            title={c.description}
            checked={visible.includes(c.id)}
            onChange={(e) => onToggle(c.id, e.target.checked)}
            label={c.label}
          />
        ))}
      </fieldset>
    </details>
  );
}

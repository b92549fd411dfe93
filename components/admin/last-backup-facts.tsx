import styles from './backups.module.css';

/** The last backup that succeeded, as the Backups page describes it (dates and sizes already in words). */
export interface LastBackupView {
  taken: string;
  age: string;
  by: string;
  size: string;
  holds: string;
  file: string | null;
}

export function LastBackupFacts({ last }: { last: LastBackupView }) {
  return (
    <dl className={styles.facts}>
      <dt>Taken</dt>
      <dd>
        {last.taken} ({last.age} ago, {last.by})
      </dd>
      <dt>Size</dt>
      <dd>{last.size}</dd>
      <dt>Holds</dt>
      <dd>{last.holds}</dd>
      <dt>File</dt>
      <dd className={styles.path}>
        <code>{last.file ?? 'unknown'}</code>
      </dd>
    </dl>
  );
}

/** A folder or file name that may wrap anywhere. */
export function PathText({ path }: { path: string }) {
  return <code className={styles.path}>{path}</code>;
}

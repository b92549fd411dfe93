import styles from './workbench.module.css';

export type SaveState =
  | { kind: 'none' }
  /** answers given for the pair on screen, kept on this device, not submitted */
  | { kind: 'draft' }
  | { kind: 'queued'; what: string; error?: string }
  | { kind: 'sending'; what: string }
  | { kind: 'saved'; what: string; version: number }
  | { kind: 'problem'; what: string; message: string };

/**
 * What happened to the annotator's latest answer. "Saved" appears only after the server confirmed
 * it (2xx); before that the answer is queued on this device and the text says so.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  const [className, text] = describe(state);
  return (
    <span
      role="status"
      aria-live="polite"
      className={`${styles.status} ${className}`}
      data-testid="save-status"
      data-state={state.kind}
    >
      {text}
    </span>
  );
}

function describe(state: SaveState): [string, string] {
  switch (state.kind) {
    case 'none':
      return ['', ''];
    case 'draft':
      // answers in the form are kept as they are given; the status line speaks of submissions only
      return ['', ''];
    case 'queued':
      return [
        styles.statusPending ?? '',
        `${state.what}: waiting to be sent, kept on this device${state.error ? ` (${state.error})` : ''}`,
      ];
    case 'sending':
      return [styles.statusPending ?? '', `${state.what}: sending…`];
    case 'saved':
      return [styles.statusSaved ?? '', `${state.what}: saved ✓ (version ${state.version})`];
    case 'problem':
      return [styles.statusError ?? '', `${state.what}: not saved: ${state.message}`];
  }
}

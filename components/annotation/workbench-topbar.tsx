'use client';
import type { OutboxSnapshot } from './outbox-sender';
import { OutboxIndicator } from './outbox-indicator';
import { SaveStatus, type SaveState } from './save-status';
import styles from './workbench.module.css';

interface Props {
  name: string;
  progress: { done: number; remaining: number; remainingCapped: boolean } | null;
  save: SaveState;
  outbox: OutboxSnapshot;
  online: boolean;
  durable: boolean;
  showGuidelines: boolean;
  showHelp: boolean;
  onToggleGuidelines: () => void;
  onToggleHelp: () => void;
}

/** A button that shows or hides a panel (its id: workbench-<label>), with its key. */
function PanelToggle(p: { label: string; shortcut: string; open: boolean; onToggle: () => void }) {
  const panel = `workbench-${p.label.toLowerCase()}`;
  return (
    <button type="button" className="secondary" aria-expanded={p.open} aria-controls={panel} onClick={p.onToggle}>
      {p.label} <kbd>{p.shortcut}</kbd>
    </button>
  );
}

/** The workbench's top bar: the campaign and the progress, the status line (saving, the queue), the panels' buttons. */
export function WorkbenchTopbar(props: Props) {
  const { progress } = props;
  return (
    <header className={styles.topbar}>
      <div>
        <h1>{props.name}</h1>
        {progress ? (
          <span className={styles.progress} data-testid="progress">
            {progress.done} done · {progress.remaining}
            {progress.remainingCapped ? '+' : ''} to go
          </span>
        ) : null}
      </div>
      <div className={styles.topbarTools}>
        <p className={styles.statusLine} data-testid="status-line">
          <SaveStatus state={props.save} />
          <OutboxIndicator outbox={props.outbox} online={props.online} durable={props.durable} />
        </p>
        <PanelToggle label="Guidelines" shortcut="g" open={props.showGuidelines} onToggle={props.onToggleGuidelines} />
        <PanelToggle label="Shortcuts" shortcut="?" open={props.showHelp} onToggle={props.onToggleHelp} />
      </div>
    </header>
  );
}

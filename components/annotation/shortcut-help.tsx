import type { Question } from '@/lib/annotation/questions';
import { shortcutsFor } from './keymap';
import styles from './workbench.module.css';

/** Every shortcut for this campaign's questions (the same table the key handler uses). */
export function ShortcutHelp({
  questions,
  onClose,
  screen = 'workbench',
}: {
  questions: readonly Question[];
  onClose: () => void;
  /** the workbench, or a review screen (adjudication, the discussion round), whose keys differ a little */
  screen?: 'workbench' | 'review';
}) {
  return (
    <section className={styles.panel} aria-labelledby="shortcut-help-title" id="workbench-shortcuts">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Hide <kbd>?</kbd>
        </button>
      </div>
      <table className={styles.shortcuts}>
        <tbody>
          {shortcutsFor(questions, screen).map((s) => (
            <tr key={`${s.keys.join()}-${s.does}`}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={i}>{k === '…' ? ' … ' : <kbd>{k}</kbd>} </span>
                ))}
              </td>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small muted">
        Answer keys act on the outlined question. Tab, arrow keys and Space work as usual; the mouse works too.
      </p>
    </section>
  );
}

'use client';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './workbench.module.css';

/** Links open in a new tab without giving it a handle on this page. */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * The campaign's guidelines, Markdown rendered safely: raw HTML in the text is dropped (no
 * rehype-raw), and react-markdown's URL filter removes javascript: and other unsafe links.
 */
export function GuidelinesPanel({ markdown, onClose }: { markdown: string; onClose: () => void }) {
  return (
    <aside className={`${styles.panel} ${styles.guidelines}`} aria-label="Guidelines" id="workbench-guidelines">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 className={styles.panelLabel}>Guidelines</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Hide <kbd>g</kbd>
        </button>
      </div>
      {markdown.trim() ? (
        <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
          {markdown}
        </Markdown>
      ) : (
        <p className="muted">This campaign has no guidelines.</p>
      )}
    </aside>
  );
}

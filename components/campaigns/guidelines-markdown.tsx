'use client';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import styles from './campaigns.module.css';

/** Links open in a new tab without a handle on this page. */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * Campaign guidelines rendered safely: raw HTML in the Markdown is dropped (skipHtml, no
 * rehype-raw) and react-markdown's URL filter removes javascript: and other unsafe links. Same
 * settings as the workbench's guidelines panel.
 */
export function GuidelinesMarkdown({ markdown }: { markdown: string }) {
  if (!markdown.trim()) return <p className="muted">No guidelines.</p>;
  return (
    <div className={styles.markdown}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}

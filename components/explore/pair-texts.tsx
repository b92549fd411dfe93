/** Both texts of a pair in full, with their type, word count and the article each comes from. */
import type { PairDetail } from '@/lib/db/pair-detail';
import styles from './explore.module.css';

function SourceArticle({ page, title }: { page: string | null; title: string | null }) {
  if (!page && !title) return null;
  const href = page && /^https?:\/\//.test(page) ? page : null;
  return <div className="small">From {href ? <a href={href} rel="noreferrer" target="_blank">{title ?? href}</a> : (title ?? page)}</div>;
}

export function PairTexts({ a, b }: { a: PairDetail['a']; b: PairDetail['b'] }) {
  return (
    <div className={styles.texts}>
      {([['A', a], ['B', b]] as const).map(([name, text]) => (
        <section key={name} className="card" aria-label={`Text ${name}`}>
          <h2>
            Text {name} <span className="small muted">{text.type.toLowerCase().replace('_', ' ')} · {text.wordCount} words</span>
          </h2>
          <p className={styles.text}>{text.content}</p>
          <SourceArticle page={text.sourcePage} title={text.sourceTitle} />
        </section>
      ))}
    </div>
  );
}

'use client';
/**
 * Both texts of a pair in full, with their type, word count and the article each comes from; what
 * they share can be highlighted (components/ui/shared-words.tsx).
 */
import { useMemo } from 'react';
import type { PairDetail } from '@/lib/db/pairs/pair-detail';
import { sharedWords } from '@/lib/measures/shared-words';
import { MarkedText, SharedWordsSwitch, useSharedHighlight } from '@/components/ui/shared-words';
import styles from './explore.module.css';

function SourceArticle({ page, title }: { page: string | null; title: string | null }) {
  if (!page && !title) return null;
  const href = page && /^https?:\/\//.test(page) ? page : null;
  return (
    <div className="small">
      From{' '}
      {href ? (
        <a href={href} rel="noreferrer" target="_blank">
          {title ?? href}
        </a>
      ) : (
        (title ?? page)
      )}
    </div>
  );
}

export function PairDetailTexts({ a, b }: { a: PairDetail['a']; b: PairDetail['b'] }) {
  const [highlight, setHighlight] = useSharedHighlight();
  const shared = useMemo(() => sharedWords(a.content, b.content), [a.content, b.content]);
  return (
    <>
      <SharedWordsSwitch on={highlight} onChange={setHighlight} lcs={shared.lcs} common={shared.commonA} />
      <div className={styles.texts}>
        {(
          [
            ['A', a, shared.a],
            ['B', b, shared.b],
          ] as const
        ).map(([name, text, segments]) => (
          <section key={name} className="card" aria-label={`Text ${name}`}>
            <h2>
              Text {name}{' '}
              <span className="small muted">
                {text.type.toLowerCase().replace('_', ' ')} · {text.wordCount} words
              </span>
            </h2>
            <p className={styles.text}>
              <MarkedText segments={segments} on={highlight} />
            </p>
            <SourceArticle page={text.sourcePage} title={text.sourceTitle} />
          </section>
        ))}
      </div>
    </>
  );
}

'use client';
import { useMemo } from 'react';
import { sharedWords } from '@/lib/measures/shared-words';
import { MarkedText, SharedWordsSwitch, useSharedHighlight } from '@/components/ui/shared-words';
import { imagePageUrl } from './answer-text';
import styles from './workbench.module.css';

interface Props {
  /** [first shown, second shown]: plain text, never HTML */
  texts: readonly [string, string];
  image: { key: string; url: string | null } | null;
  /** test ids `<testId>-1` and `-2` of the two texts (another name for a pair that is no longer the one to answer) */
  testId?: string;
  /** offer to highlight what the texts share: adjudication only, never the workbench (it would steer the syntactic rating) */
  comparable?: boolean;
}

/**
 * The two texts side by side, large, as plain text: captions may contain markup, and React
 * escapes it, so `<b>` shows as the characters it is. Line breaks in a text are kept.
 */
export function PairTexts({ texts, image, testId = 'pair-text', comparable = false }: Props) {
  const imageUrl = imagePageUrl(image);
  const [highlight, setHighlight] = useSharedHighlight();
  const shared = useMemo(() => (comparable ? sharedWords(texts[0], texts[1]) : null), [comparable, texts]);
  return (
    <>
      {shared && <SharedWordsSwitch on={highlight} onChange={setHighlight} lcs={shared.lcs} common={shared.commonA} />}
      <div className={styles.pair}>
        {texts.map((text, i) => (
          <section key={i} className={styles.text} aria-labelledby={`pair-text-${i + 1}`}>
            <h2 id={`pair-text-${i + 1}`}>Text {i + 1}</h2>
            <p className={styles.textBody} data-testid={`${testId}-${i + 1}`}>
              {shared ? <MarkedText segments={i === 0 ? shared.a : shared.b} on={highlight} /> : text}
            </p>
          </section>
        ))}
      </div>
      {imageUrl ? (
        <p className={styles.imageLink}>
          <a href={imageUrl} target="_blank" rel="noopener noreferrer">
            The image both captions describe ({image?.key}) ↗
          </a>
        </p>
      ) : null}
    </>
  );
}

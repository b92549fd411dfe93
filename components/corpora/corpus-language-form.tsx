'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { setCorpusLanguageAction } from '@/lib/actions/corpora';

/** The corpus language: detected at its first import, set here when the detector got it wrong. */
export function CorpusLanguageForm({ slug, language, name }: { slug: string; language: string; name: string }) {
  const router = useRouter();
  const [value, setValue] = useState(language);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <form
      className="row"
      style={{ marginBottom: 12 }}
      aria-label="Corpus language"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await setCorpusLanguageAction({ slug, language: value });
          setMessage(result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: result.error });
          if (result.ok) router.refresh();
        });
      }}
    >
      <label style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
        Language: {name}
        <input aria-label="Language code" value={value} onChange={(e) => setValue(e.target.value.trim().toLowerCase())} pattern="[a-z]{2}" maxLength={2} size={3} />
      </label>
      <button type="submit" className="secondary" disabled={isPending || value === language}>
        Set
      </button>
      {message && <span className={message.ok ? 'small' : 'error'}>{message.text}</span>}
      {language !== 'en' && (
        <p className="small muted" style={{ margin: 0, flexBasis: '100%' }}>
          The measures of this corpus still use the English tokenizer of the paper (rouge-score keeps only a–z and 0–9, so accented letters and other scripts split words),
          and WordNet and the GloVe vectors are English: read its syntactic and semantic measures with care (docs/metrics.md, &ldquo;Corpus language&rdquo;).
        </p>
      )}
    </form>
  );
}

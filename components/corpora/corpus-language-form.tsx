'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { setCorpusLanguageContract } from '@/lib/api/contracts/corpora';

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
          const result = await callApi(setCorpusLanguageContract, { params: { slug }, body: { language: value } });
          setMessage(result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: result.message });
          if (result.ok) router.refresh();
        });
      }}
    >
      <label style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
        Language: {name}
        <input
          aria-label="Language code"
          value={value}
          onChange={(e) => setValue(e.target.value.trim().toLowerCase())}
          pattern="[a-z]{2}"
          maxLength={2}
          size={3}
        />
      </label>
      <button type="submit" className="secondary" disabled={isPending || value === language}>
        Set
      </button>
      {message && <span className={message.ok ? 'small' : 'error'}>{message.text}</span>}
      {language !== 'en' && (
        <p className="small muted" style={{ margin: 0, flexBasis: '100%' }}>
          Its measures use a Unicode tokenizer for {name} (accented letters and other scripts stay in their words), with the
          language&apos;s Snowball stems (where one exists) and stop words where the paper stems or removes them. WordNet and the
          GloVe vectors are English only and are not computed for this corpus; ST uses the multilingual sentence model when it is
          installed (docs/metrics.md, &ldquo;Tokenizers&rdquo;).
        </p>
      )}
    </form>
  );
}

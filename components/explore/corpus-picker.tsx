'use client';
/**
 * The explorer's corpus filter: checkboxes (`corpus=SLUG`, repeated) in a drop-down that says what
 * is chosen, with a search box once there are more than a few corpora. Part of the GET filter form.
 * The drop-down closes when the focus or a click goes elsewhere, or on Escape, so it never covers
 * the fields below it (the measure ranges) once the user has moved on.
 */
import { useEffect, useRef, useState } from 'react';
import styles from './explore.module.css';

const SEARCH_FROM = 6;

export function CorpusPicker({
  corpora,
  chosen,
}: {
  corpora: ReadonlyArray<{ slug: string; name: string }>;
  chosen: readonly string[];
}) {
  const [picked, setPicked] = useState<string[]>(() => chosen.filter((slug) => corpora.some((c) => c.slug === slug)));
  const [query, setQuery] = useState('');
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeFromOutside = (event: PointerEvent) => {
      const el = details.current;
      if (el?.open && event.target instanceof Node && !el.contains(event.target)) el.open = false;
    };
    document.addEventListener('pointerdown', closeFromOutside);
    return () => document.removeEventListener('pointerdown', closeFromOutside);
  }, []);
  const q = query.trim().toLowerCase();
  const summary =
    picked.length === 0
      ? 'all corpora'
      : picked.length === 1
        ? (corpora.find((c) => c.slug === picked[0])?.name ?? picked[0])
        : `${picked.length} of ${corpora.length} corpora`;
  return (
    <fieldset className={styles.picker}>
      <legend className="small">Corpus</legend>
      <details
        ref={details}
        onBlur={(e) => {
          if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) e.currentTarget.open = false;
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || !e.currentTarget.open) return;
          e.currentTarget.open = false;
          e.currentTarget.querySelector('summary')?.focus();
        }}
      >
        <summary>{summary}</summary>
        <div className={styles.pickerPanel}>
          {corpora.length > SEARCH_FROM && (
            <input
              type="search"
              aria-label="Find a corpus"
              placeholder="find a corpus"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}
          {corpora.map((c) => (
            <label key={c.slug} className="choice" hidden={q !== '' && !`${c.name} ${c.slug}`.toLowerCase().includes(q)}>
              <input
                type="checkbox"
                name="corpus"
                value={c.slug}
                checked={picked.includes(c.slug)}
                onChange={(e) => setPicked((p) => (e.target.checked ? [...p, c.slug] : p.filter((s) => s !== c.slug)))}
              />{' '}
              {c.name}
            </label>
          ))}
          {picked.length > 0 && (
            <button type="button" className="secondary small" onClick={() => setPicked([])}>
              Clear: every corpus
            </button>
          )}
        </div>
      </details>
    </fieldset>
  );
}

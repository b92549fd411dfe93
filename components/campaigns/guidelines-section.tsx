'use client';
import { GuidelinesMarkdown } from './guidelines-markdown';
import { FieldErrors } from '@/components/ui/field';
import styles from './campaigns.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

type Props = {
  value: string;
  /** the default for the questions now chosen (lib/annotation/default-guidelines.ts) */
  isDefault: boolean;
  onChange: (markdown: string) => void;
  onReset: () => void;
  errors: readonly string[];
};

/** Markdown editor beside its rendered preview (no raw HTML), prefilled from the papers. */
export function GuidelinesSection({ value, isDefault, onChange, onReset, errors }: Props) {
  return (
    <section className="card stack" aria-labelledby="guidelines-heading">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="guidelines-heading" style={{ margin: 0 }}>
          Guidelines
        </h2>
        <span className="small muted">
          {isDefault ? 'The default for the questions chosen; it follows them until you edit it.' : 'Edited by you.'}{' '}
          {!isDefault && (
            <button type="button" className="secondary" onClick={onReset}>
              Reset to the default for these questions
            </button>
          )}
        </span>
      </div>
      <div className={styles.editor}>
        <label>
          Markdown
          <textarea value={value} onChange={(e) => onChange(e.target.value)} spellCheck />
        </label>
        <GuidelinesPreview markdown={value} />
      </div>
      <FieldErrors messages={errors} />
    </section>
  );
}

/** The guidelines as annotators will see them, beside the Markdown being edited. */
export function GuidelinesPreview({ markdown }: { markdown: string }) {
  return (
    <div>
      <div className="small muted" style={{ fontWeight: 600 }}>
        Preview (as annotators see it)
      </div>
      <div className={styles.preview} {...scrollArea('Guidelines preview')}>
        <GuidelinesMarkdown markdown={markdown} />
      </div>
    </div>
  );
}

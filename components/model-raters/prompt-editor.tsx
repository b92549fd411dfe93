'use client';
import { useMemo, useState } from 'react';
import type { Question } from '@/lib/annotation/questions';
import {
  checkTemplate,
  DEFAULT_PROMPT_TEMPLATE,
  PROMPT_PLACEHOLDER_MEANINGS,
  PROMPT_SEPARATOR,
  renderPrompt,
} from '@/lib/model-raters/prompt';
import { Field } from '@/components/ui/field';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

export interface PromptVersion {
  version: number;
  hash: string;
  template: string;
  runs: number;
}

/**
 * The prompt template of a new run: prefilled with the default (or an earlier version of this
 * campaign's runs), editable, its placeholders explained, its problems listed as they are typed
 * (checkTemplate), and a live preview of the system and user messages the first pair would get,
 * rendered with the questions now ticked (renderPrompt, as the job renders every request).
 */
export function PromptEditor({
  template,
  onChange,
  versions,
  guidelines,
  questions,
  preview,
  error,
}: {
  template: string;
  onChange: (template: string) => void;
  versions: PromptVersion[];
  guidelines: string;
  questions: Question[];
  preview: { pairId: number; a: string; b: string } | null;
  error?: string | undefined;
}) {
  const [start, setStart] = useState('default');
  const problems = useMemo(() => checkTemplate(template), [template]);
  const rendered = useMemo(
    () =>
      preview && questions.length > 0
        ? renderPrompt({ template, guidelines, questions, text1: preview.a, text2: preview.b, format: 'json_schema' })
        : null,
    [template, guidelines, questions, preview],
  );

  function startFrom(value: string) {
    setStart(value);
    if (value === 'default') onChange(DEFAULT_PROMPT_TEMPLATE);
    const earlier = versions.find((v) => String(v.version) === value);
    if (earlier) onChange(earlier.template);
  }

  return (
    <div className="stack">
      <Field label="Start from" hint="an earlier version keeps its number when its text is unchanged">
        <select value={start} onChange={(e) => startFrom(e.target.value)}>
          <option value="default">the default template</option>
          {versions.map((v) => (
            <option key={v.version} value={String(v.version)}>
              prompt v{v.version} ({v.runs === 1 ? 'one run' : `${v.runs} runs`}, SHA-256 {v.hash.slice(0, 10)}…)
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Template"
        hint={`the line “${PROMPT_SEPARATOR}” separates the system message (above) from the user message (below)`}
        error={error ?? (problems.length > 0 ? problems : null)}
      >
        <textarea
          name="template"
          className={styles.editor}
          value={template}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
        />
      </Field>
      <details>
        <summary className="small">What the placeholders become</summary>
        <dl className={styles.facts} aria-label="Placeholders">
          {PROMPT_PLACEHOLDER_MEANINGS.map((p) => (
            <div key={p.name} style={{ display: 'contents' }}>
              <dt>
                <code>{`{{${p.name}}}`}</code>
              </dt>
              <dd className="small">{p.meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
      <section aria-labelledby="prompt-preview-heading" className="stack" style={{ gap: 6 }}>
        <h3 id="prompt-preview-heading" style={{ margin: 0 }}>
          Preview{preview ? `: pair ${preview.pairId}, texts in the stored order` : ''}
        </h3>
        {!preview ? (
          <p className="small muted">The campaign has no pair to preview.</p>
        ) : !rendered ? (
          <p className="small muted">Tick at least one question to see the prompt.</p>
        ) : (
          <div className={styles.twoColumns}>
            <div className="stack" style={{ gap: 4 }}>
              <span className="small muted">System message</span>
              <pre className={styles.template} {...scrollArea('System message')}>
                {rendered.system ?? '(none: the whole prompt is one user message)'}
              </pre>
            </div>
            <div className="stack" style={{ gap: 4 }}>
              <span className="small muted">User message</span>
              <pre className={styles.template} {...scrollArea('User message')}>
                {rendered.user}
              </pre>
            </div>
          </div>
        )}
        <p className="small muted">
          Shown as the JSON-schema form asks; a server that refuses it gets the schema written into {'{{answer_format}}'}.
        </p>
      </section>
    </div>
  );
}

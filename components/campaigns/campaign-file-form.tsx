'use client';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { SubmitWithStatus } from '@/components/ui/submit-with-status';
import { ANNOTATION_FILE_FORMATS, annotationFormatOf } from '@/lib/import/annotation-format';
import { callApi, type ApiInput } from '@/lib/api/typed-client';
import { importAnnotationFileContract, importGoldFileContract } from '@/lib/api/contracts/quality';
import { importScoresContract } from '@/lib/api/contracts/user-measures';

/** The file's text is sent whole: such files are a few thousand rows (the routes take up to 5 million characters). */
const MAX_CHARS = 5_000_000;

export interface CampaignFileFormProps {
  /** POST /api/v1/campaigns/{id}/{path} */
  campaignId?: number;
  path?: 'gold/file' | 'annotations/file';
  /** or a corpus's scores file: POST /api/v1/corpora/{slug}/measures */
  corpusSlug?: string;
  /** the value translations field (campaign files only) */
  withValues?: boolean;
  label: string;
  submitLabel: string;
  /** the command that takes larger files */
  command: string;
  mapPlaceholder: string;
  /** what the columns may be, under the column map */
  help: ReactNode;
  /** more fields, and what they add to the request */
  extraFields?: ReactNode;
  extraBody?: (data: FormData) => Record<string, unknown>;
  /** "marked", "imported": the heading of the refused rows */
  verb: string;
}

/**
 * A campaign's file (CSV, TSV, JSON Lines) with its column map and value translations, sent as text
 * to a route that writes every row or none; a refused file lists each bad line. A corpus's scores
 * file (components/corpora/scores-file-form.tsx) goes the same way to its own URL.
 */
export function CampaignFileForm(props: CampaignFileFormProps) {
  const withValues = props.withValues ?? true;
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [lines, setLines] = useState<Array<[string, string]>>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get('file');
    setLines([]);
    if (!(file instanceof File) || file.size === 0) return setMessage({ ok: false, text: 'Choose a file.' });
    const chosen = data.get('format');
    const format = ANNOTATION_FILE_FORMATS.find((f) => f === chosen) ?? annotationFormatOf(file.name);
    if (!format) return setMessage({ ok: false, text: `Choose the format: the name “${file.name}” does not say.` });
    const content = await file.text();
    if (content.length > MAX_CHARS)
      return setMessage({
        ok: false,
        text: `The file has ${content.length.toLocaleString('en')} characters; at most ${MAX_CHARS.toLocaleString('en')} are taken here (use ${props.command} for more).`,
      });
    const typed = data.get('values');
    const values = (typeof typed === 'string' ? typed : '')
      .split('\n')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    setBusy(true);
    // built from the form's fields; the route's contract checks it
    const body = {
      format,
      map: data.get('map'),
      ...(withValues ? { values } : {}),
      content,
      ...props.extraBody?.(data),
    } as ApiInput<typeof importGoldFileContract>['body'] & ApiInput<typeof importScoresContract>['body'];
    const result =
      props.corpusSlug !== undefined
        ? await callApi(importScoresContract, { params: { slug: props.corpusSlug }, body })
        : await callApi(props.path === 'annotations/file' ? importAnnotationFileContract : importGoldFileContract, {
            params: { id: props.campaignId! },
            body,
          });
    setBusy(false);
    if (result.ok) {
      setMessage({ ok: true, text: result.data.summary ?? 'Done.' });
      router.refresh();
      return;
    }
    setMessage({ ok: false, text: result.message });
    setLines(Object.entries((result.kind === 'http' && result.body?.error.fields) || {}));
  };
  return (
    <form className="stack" aria-label={props.label} onSubmit={(e) => void submit(e)}>
      <div className="row">
        <label>
          File (CSV, TSV or JSON Lines)
          <input name="file" type="file" accept=".csv,.tsv,.tab,.jsonl,.ndjson,text/csv,text/tab-separated-values" required />
        </label>
        <label>
          Format
          <select name="format" defaultValue="">
            <option value="">from the file name</option>
            <option value="csv">CSV</option>
            <option value="tsv">TSV</option>
            <option value="jsonl">JSON Lines</option>
          </select>
        </label>
      </div>
      <label>
        Columns
        <input name="map" required placeholder={props.mapPlaceholder} />
      </label>
      <p className="small muted">{props.help}</p>
      {withValues && (
        <label>
          Value translations (one per line, optional)
          <textarea name="values" rows={2} placeholder="relation:E=equivalence" />
        </label>
      )}
      {props.extraFields}
      <SubmitWithStatus label={props.submitLabel} busy={busy} message={message} />
      {lines.length > 0 && (
        <ul aria-label={`Rows that could not be ${props.verb}`} className="small">
          {lines.map(([where, what]) => (
            <li key={where}>
              {where}: {what}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/** The campaign's question keys as code, comma-separated. */
export function QuestionKeyList({ keys }: { keys: readonly string[] }) {
  return keys.map((k, i) => (
    <span key={k}>
      {i > 0 ? ', ' : ''}
      <code>{k}</code>
    </span>
  ));
}

'use client';
import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { uploadFile } from './upload-file';
import { ColumnMapping } from './column-mapping';
import { TIERS } from '@/lib/import/types';
import { WEB_CONTROL_LABELS } from '@/lib/import/web-control-labels';
import type { UploadDetection } from '@/lib/services/imports/detect-upload';
import { callApi } from '@/lib/api/client';
import { getImportPreviewContract, startImportContract } from '@/lib/api/contracts/imports';
import { cancelJobContract } from '@/lib/api/contracts/jobs';
import { Checkbox } from '@/components/ui/choice';

type Detection = UploadDetection & { jobId: number; fileName: string; bytes: number };

function formString(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** The start request: the chosen format, and for a generic file the column of each role. */
function startBody(data: FormData, detection: Detection, columns: Record<string, string>) {
  const chosen = detection.candidates.find((c) => c.format === formString(data, 'format'));
  const optional = (name: string) => (formString(data, name) ? { [name]: formString(data, name) } : {});
  return {
    ...optional('format'),
    ...optional('tier'),
    ...optional('language'),
    ...(chosen?.usesColumnMap ? { columns } : {}),
    skipInvalid: data.get('skipInvalid') === 'on',
  };
}

export function ImportPanel({ corpusSlug, uploadLimitMb }: { corpusSlug: string; uploadLimitMb: number }) {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [detection, setDetection] = useState<Detection | null>(null);
  const [format, setFormat] = useState('');
  const [questions, setQuestions] = useState<{ fileName: string; questions: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [columns, setColumns] = useState<Record<string, string>>({});
  const [isPending, startTransition] = useTransition();

  const fieldError = (name: string) => (fieldErrors[name] ? <span className="field-error">{fieldErrors[name]}</span> : null);

  function show(next: Detection) {
    setDetection(next);
    setColumns(next.preview?.suggested ?? {});
    setFieldErrors({});
  }

  /** A generic format picked by hand: its columns as that format reads them. */
  async function chooseFormat(next: string) {
    setFormat(next);
    if (!detection || !detection.candidates.find((c) => c.format === next)?.usesColumnMap) return;
    const result = await callApi(getImportPreviewContract, {
      params: { id: detection.jobId },
      query: { format: next },
    });
    if (!result.ok) setError(result.message);
    else show({ ...detection, preview: result.data.preview });
  }

  async function upload(file: File) {
    setError(null);
    if (file.size > uploadLimitMb * 1024 * 1024) {
      setError(`The file is larger than the upload limit of ${uploadLimitMb} MB.`);
      return;
    }
    setProgress(0);
    try {
      const { promise } = uploadFile<Detection>(
        `/api/corpora/${encodeURIComponent(corpusSlug)}/imports?fileName=${encodeURIComponent(file.name)}`,
        file,
        setProgress,
      );
      const result = await promise;
      if (!result.ok || 'error' in result.body) {
        setError('error' in result.body ? result.body.error.message : 'The upload failed.');
        return;
      }
      show(result.body);
      setFormat(result.body.format ?? '');
      setQuestions(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function uploadQuestions(file: File) {
    if (!detection) return;
    setError(null);
    try {
      const url = `/api/corpora/${encodeURIComponent(corpusSlug)}/imports?fileName=${encodeURIComponent(file.name)}&questionsFor=${detection.jobId}`;
      const result = await uploadFile<{ fileName: string; questions: number }>(url, file, () => {}).promise;
      if (!result.ok || 'error' in result.body) {
        setError(`Questions file: ${'error' in result.body ? result.body.error.message : 'the upload failed.'}`);
        return;
      }
      setQuestions(result.body);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  function start(data: FormData) {
    if (!detection) return;
    setError(null);
    startTransition(async () => {
      const result = await callApi(startImportContract, {
        params: { id: detection.jobId },
        body: startBody(data, detection, columns),
      });
      if (!result.ok) {
        const fields = (result.kind === 'http' && result.body?.error.fields) || {};
        setFieldErrors(
          Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^(columns|body)\./, ''), message])),
        );
        setError(result.message);
        return;
      }
      setDetection(null);
      router.refresh();
    });
  }

  function discard() {
    if (!detection) return;
    startTransition(async () => {
      await callApi(cancelJobContract, { params: { kind: 'import', id: detection.jobId } });
      setDetection(null);
      router.refresh();
    });
  }

  const chosen = detection?.candidates.find((c) => c.format === format);
  return (
    <section className="card stack" aria-label="Import a file">
      <h2 style={{ marginTop: 0 }}>Import a file</h2>
      {!detection && (
        <label>
          Corpus file <span className="small muted">(JSONL, CSV, TSV; up to {uploadLimitMb.toLocaleString('en')} MB)</span>
          <input
            ref={fileInput}
            type="file"
            disabled={progress !== null}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
      )}
      {progress !== null && (
        <div role="status" aria-live="polite">
          Uploading… {Math.round(progress * 100)} %
          <progress max={1} value={progress} style={{ width: '100%' }} />
        </div>
      )}
      {detection && (
        <form
          className="stack"
          aria-label="Confirm the import"
          onSubmit={(e) => {
            // not a form action: React resets a form after its action, and a refused start must keep every choice
            e.preventDefault();
            start(new FormData(e.currentTarget));
          }}
        >
          <p style={{ margin: 0 }}>
            <strong>{detection.fileName}</strong> ({(detection.bytes / 1024 / 1024).toFixed(1)} MB
            {detection.encoding ? `, ${detection.encoding}` : ''}){' '}
            {detection.format ? (
              <>
                looks like{' '}
                <strong>{detection.candidates.find((c) => c.format === detection.format)?.name ?? detection.format}</strong>.
              </>
            ) : (
              <>could not be recognised: {detection.message}</>
            )}
          </p>
          <div className="row" style={{ alignItems: 'flex-start' }}>
            {/* minWidth 0: the label may shrink below its longest option's width, so the select fits a phone's width */}
            <label style={{ minWidth: 0, maxWidth: '100%' }}>
              {WEB_CONTROL_LABELS.format}
              <select
                name="format"
                value={format}
                onChange={(e) => void chooseFormat(e.target.value)}
                required
                style={{ maxWidth: '100%', minWidth: 0, textOverflow: 'ellipsis' }}
              >
                {!detection.format && <option value="">Choose a format…</option>}
                {detection.candidates.map((c) => (
                  <option key={c.format} value={c.format}>
                    {c.title}
                  </option>
                ))}
              </select>
              {fieldError('format')}
            </label>
            {chosen?.hasTiers && (
              <label>
                {WEB_CONTROL_LABELS.tier}
                <select name="tier" defaultValue={detection.tier ?? ''}>
                  <option value="">from the file name</option>
                  {TIERS.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label>
              Language <span className="small muted">(ISO 639-1, e.g. es)</span>
              <input
                name="language"
                placeholder={format === 'qa-assessed' ? 'es' : 'unchanged'}
                pattern="[a-z]{2}"
                maxLength={2}
                size={4}
              />
              {fieldError('language')}
            </label>
          </div>
          {chosen?.usesColumnMap && detection.preview && (
            <ColumnMapping
              preview={detection.preview}
              roles={detection.roles}
              chosen={columns}
              errors={fieldErrors}
              onChange={(role, column) => {
                setColumns((c) => ({ ...c, [role]: column }));
                setError(null);
                setFieldErrors(({ [role]: _, ...rest }) => rest);
              }}
            />
          )}
          {fieldError('map')}
          {format === 'qa-assessed' && (
            <label>
              Questions file{' '}
              <span className="small muted">(number&lt;TAB&gt;question lines; this upload holds the assessed answers)</span>
              <input
                type="file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void uploadQuestions(file);
                }}
              />
              {questions && (
                <span className="small" role="status">
                  {questions.fileName}: {questions.questions.toLocaleString('en')} questions
                </span>
              )}
            </label>
          )}
          <Checkbox
            name="skipInvalid"
            label={WEB_CONTROL_LABELS.skipInvalid}
            hint="(import the valid ones, keep the rejected ones for download)"
          />
          <div className="row">
            <button type="submit" disabled={isPending || !format || (format === 'qa-assessed' && !questions)}>
              Start import
            </button>
            <button type="button" className="secondary" onClick={discard} disabled={isPending}>
              Discard
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </section>
  );
}

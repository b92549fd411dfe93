'use client';
import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { cancelImportAction, startImportAction } from '@/lib/actions/imports';
import { uploadFile } from './upload-file';
import { TIERS } from '@/lib/import/types';
import type { UploadDetection } from '@/lib/jobs/detect-upload';

type Detection = UploadDetection & { jobId: number; fileName: string; bytes: number };

function formString(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

export function ImportPanel({ corpusSlug, uploadLimitMb }: { corpusSlug: string; uploadLimitMb: number }) {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [detection, setDetection] = useState<Detection | null>(null);
  const [format, setFormat] = useState('');
  const [questions, setQuestions] = useState<{ fileName: string; questions: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();

  async function upload(file: File) {
    setError(null);
    if (file.size > uploadLimitMb * 1024 * 1024) {
      setError(`The file is larger than the upload limit of ${uploadLimitMb} MB.`);
      return;
    }
    setProgress(0);
    try {
      const { promise } = uploadFile<Detection>(`/api/corpora/${encodeURIComponent(corpusSlug)}/imports?fileName=${encodeURIComponent(file.name)}`, file, setProgress);
      const result = await promise;
      if (!result.ok || 'error' in result.body) {
        setError('error' in result.body ? result.body.error.message : 'The upload failed.');
        return;
      }
      setDetection(result.body);
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
    startTransition(async () => {
      const result = await startImportAction({
        jobId: detection.jobId,
        format: formString(data, 'format'),
        tier: formString(data, 'tier'),
        map: formString(data, 'map'),
        skipInvalid: data.get('skipInvalid') === 'on',
        language: formString(data, 'language'),
      });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setDetection(null);
      router.refresh();
    });
  }

  function discard() {
    if (!detection) return;
    startTransition(async () => {
      await cancelImportAction({ jobId: detection.jobId });
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
        <form action={start} className="stack" aria-label="Confirm the import">
          <p style={{ margin: 0 }}>
            <strong>{detection.fileName}</strong> ({(detection.bytes / 1024 / 1024).toFixed(1)} MB
            {detection.encoding ? `, ${detection.encoding}` : ''}){' '}
            {detection.format ? <>looks like <strong>{detection.candidates.find((c) => c.format === detection.format)?.title ?? detection.format}</strong>.</> : <>could not be recognised: {detection.message}</>}
          </p>
          <div className="row" style={{ alignItems: 'flex-start' }}>
            {/* minWidth 0: the label may shrink below its longest option's width, so the select fits a phone's width */}
            <label style={{ minWidth: 0, maxWidth: '100%' }}>
              Format
              <select name="format" value={format} onChange={(e) => setFormat(e.target.value)} required style={{ maxWidth: '100%', minWidth: 0 }}>
                {!detection.format && <option value="">Choose a format…</option>}
                {detection.candidates.map((c) => (
                  <option key={c.format} value={c.format}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            {chosen?.hasTiers && (
              <label>
                Tier
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
            {chosen?.usesColumnMap && (
              <label>
                Column mapping <span className="small muted">(e.g. a=sentence1,b=sentence2,label=gold)</span>
                <input name="map" placeholder="detected from the header when empty" />
              </label>
            )}
            <label>
              Language <span className="small muted">(ISO 639-1, e.g. es)</span>
              <input name="language" placeholder={format === 'qa-assessed' ? 'es' : 'unchanged'} pattern="[a-z]{2}" maxLength={2} size={4} />
            </label>
          </div>
          {format === 'qa-assessed' && (
            <label>
              Questions file <span className="small muted">(number&lt;TAB&gt;question lines; this upload holds the assessed answers)</span>
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
          <label style={{ flexDirection: 'row', fontWeight: 400 }}>
            <input type="checkbox" name="skipInvalid" /> Skip invalid records (import the valid ones, keep the rejected ones for download)
          </label>
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

'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { DEFAULT_REDUCE_OPTIONS, MINING_MODES, MINING_TIERS, SILVER_RULES } from '@/lib/mining/mining-options';
import type { DumpFile } from '@/lib/services/mining/list-dumps';
import { uploadFile } from '@/components/imports/upload-file';
import { Field } from '@/components/ui/field';
import { formatFileSize } from './mining-format';
import { apiFieldErrors, callApi } from '@/lib/api/typed-client';
import { startMiningRunContract } from '@/lib/api/contracts/mining';

type ApiError = { error: { message: string; fields?: Record<string, string> } };

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** The start request from the form: numbers as numbers, an empty optional field left out (the server's defaults). */
function startBody(data: FormData) {
  const number = (name: string) => (text(data, name) === '' ? {} : { [name]: Number(text(data, name)) });
  const optional = (name: string) => (text(data, name) === '' ? {} : { [name]: text(data, name) });
  return {
    dump: text(data, 'dump'),
    corpus: text(data, 'corpus'),
    ...optional('index'),
    ...optional('tier'),
    ...optional('mode'),
    ...optional('silverRule'),
    ...number('minRefs'),
    ...number('maxRefs'),
    ...number('workers'),
  };
}

/** A file of the dumps folder as a choice: its name and size. */
const fileOption = (d: DumpFile) => (
  <option key={d.name} value={d.name}>
    {d.name} ({formatFileSize(d.bytes)})
  </option>
);

/** "enwiki-…-pages-articles1.xml.bz2" → "enwiki-…-pages-articles1 (mined)". */
function corpusNameFor(dump: string): string {
  const base = dump.split('/').at(-1) ?? dump;
  return `${base.replace(/\.bz2$/, '').replace(/\.xml$/, '')} (mined)`;
}

/** Starts a mining run on a dump of the dumps folder with the settings of `paralens mine`. */
export function StartMiningForm({ dumps, cores, uploadLimitMb }: { dumps: DumpFile[]; cores: number; uploadLimitMb: number }) {
  const router = useRouter();
  const candidates = dumps.filter((d) => d.kind !== 'index');
  const indexes = dumps.filter((d) => d.kind === 'index');
  const first = candidates.find((d) => d.kind === 'dump') ?? candidates[0];
  const [dump, setDump] = useState(first?.name ?? '');
  const [corpus, setCorpus] = useState(first ? corpusNameFor(first.name) : '');
  const [tier, setTier] = useState<string>(DEFAULT_REDUCE_OPTIONS.tier);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isPending, startTransition] = useTransition();
  const [uploading, setUploading] = useState<number | null>(null);

  function start(data: FormData) {
    setError(null);
    setFieldErrors({});
    startTransition(async () => {
      const result = await callApi(startMiningRunContract, { body: startBody(data) });
      if (!result.ok) {
        setFieldErrors(apiFieldErrors(result));
        setError(result.message);
        return;
      }
      router.refresh();
    });
  }

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setFieldErrors({});
    if (file.size > uploadLimitMb * 1024 * 1024) {
      setFieldErrors({ file: `is larger than the upload limit of ${uploadLimitMb.toLocaleString('en')} MB` });
      return;
    }
    setUploading(0);
    try {
      const result = await uploadFile<DumpFile>(`/api/mining-dumps?fileName=${encodeURIComponent(file.name)}`, file, setUploading)
        .promise;
      if (!result.ok || 'error' in result.body) {
        const body = result.body as ApiError;
        setFieldErrors(body.error.fields ?? {});
        setError(body.error.message);
        return;
      }
      setDump(result.body.name);
      setCorpus(corpusNameFor(result.body.name));
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(null);
      input.value = '';
    }
  }

  const uploadField = (
    <div className="stack">
      <Field
        label="Or upload a dump"
        hint={`.xml or .xml.bz2, up to ${uploadLimitMb.toLocaleString('en')} MB; it is kept in the dumps folder`}
        error={fieldErrors.file}
      >
        <input type="file" accept=".xml,.bz2" disabled={uploading !== null} onChange={(e) => void upload(e.currentTarget)} />
      </Field>
      {uploading !== null && (
        <span role="status" className="small">
          Uploading… {Math.round(uploading * 100)} % <progress max={1} value={uploading} style={{ width: '100%' }} />
        </span>
      )}
    </div>
  );

  if (candidates.length === 0)
    return (
      <div className="stack">
        <p className="small muted">
          The dumps folder holds no dumps yet. Copy one there (a pages-articles .xml or .xml.bz2 file) and reload this page, or
          upload one.
        </p>
        {uploadField}
        {error && (
          <p role="alert" className="alert error">
            {error}
          </p>
        )}
      </div>
    );
  return (
    <form
      className="stack"
      aria-label="Start a mining run"
      onSubmit={(e) => {
        // not a form action: React resets a form after its action, and a refused start must keep every choice
        e.preventDefault();
        start(new FormData(e.currentTarget));
      }}
    >
      <div className="row" style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field label="Dump" error={fieldErrors.dump}>
          <select
            name="dump"
            value={dump}
            onChange={(e) => {
              if (corpus === corpusNameFor(dump)) setCorpus(corpusNameFor(e.target.value));
              setDump(e.target.value);
            }}
            style={{ textOverflow: 'ellipsis' }}
          >
            {candidates.map(fileOption)}
          </select>
        </Field>
        {indexes.length > 0 && (
          <Field label="Multistream index" hint="parallel chunks" error={fieldErrors.index}>
            <select name="index" defaultValue="" style={{ textOverflow: 'ellipsis' }}>
              <option value="">none: one chunk</option>
              {indexes.map(fileOption)}
            </select>
          </Field>
        )}
        <Field label="Corpus" error={fieldErrors.corpus}>
          <input
            name="corpus"
            value={corpus}
            onChange={(e) => setCorpus(e.target.value)}
            required
            maxLength={200}
            title="created when missing"
          />
        </Field>
      </div>
      <div className="row" style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field label="Tier" error={fieldErrors.tier}>
          <select name="tier" value={tier} onChange={(e) => setTier(e.target.value)}>
            {MINING_TIERS.map((t) => (
              <option key={t} value={t}>
                {t === 'gold' ? 'gold: captions that are sentences' : 'silver: captions with a verb'}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Fewest references per image" error={fieldErrors.minRefs}>
          <input name="minRefs" type="number" min={1} step={1} defaultValue={DEFAULT_REDUCE_OPTIONS.minRefs} size={5} />
        </Field>
        <Field label="Most references per image" error={fieldErrors.maxRefs}>
          <input name="maxRefs" type="number" min={1} step={1} defaultValue={DEFAULT_REDUCE_OPTIONS.maxRefs} size={5} />
        </Field>
      </div>
      <details>
        <summary className="small">More settings (mode, silver rule, workers)</summary>
        <div className="row" style={{ alignItems: 'flex-start', flexWrap: 'wrap', marginTop: 8 }}>
          <Field label="Mode" error={fieldErrors.mode}>
            <select name="mode" defaultValue="fixed">
              {MINING_MODES.map((m) => (
                <option key={m} value={m}>
                  {m === 'fixed' ? 'fixed: the original’s bugs repaired' : 'paper: the original’s quirks kept'}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Silver rule" error={fieldErrors.silverRule}>
            <select name="silverRule" defaultValue={DEFAULT_REDUCE_OPTIONS.silverRule} disabled={tier !== 'silver'}>
              {SILVER_RULES.map((r) => (
                <option key={r} value={r}>
                  {r === 'has-verb' ? 'has a verb (the paper)' : 'no verb (the original code)'}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Map workers" hint={`1 to ${cores}: the server’s cores`} error={fieldErrors.workers}>
            <input name="workers" type="number" min={1} max={cores} step={1} placeholder={String(cores)} size={5} />
          </Field>
        </div>
      </details>
      {uploadField}
      <div className="row">
        <button type="submit" disabled={isPending || uploading !== null || !dump}>
          {isPending ? 'Starting…' : 'Start mining'}
        </button>
      </div>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </form>
  );
}

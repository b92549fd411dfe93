'use client';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { apiFieldErrors, callApi, type ApiInput } from '@/lib/api/typed-client';
import { createCorpusContract } from '@/lib/api/contracts/corpora';
import { Field } from '@/components/ui/field';

type Failure = { message: string; fields: Record<string, string> } | null;

/** "New corpus": the form posts to POST /api/v1/corpora and opens the new corpus's page. */
export function CreateCorpusForm() {
  const router = useRouter();
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [isPending, startTransition] = useTransition();
  const fieldError = (name: string) => (failure?.fields[name] ? [failure.fields[name]] : []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    startTransition(async () => {
      const result = await callApi(createCorpusContract, { body: body as ApiInput<typeof createCorpusContract>['body'] });
      if (result.ok) return router.push(`/corpora/${result.data.slug}`);
      const fields = apiFieldErrors(result);
      setFailure({ message: Object.keys(fields).length > 0 ? 'Please correct the highlighted fields.' : result.message, fields });
    });
  };
  if (!isOpen) {
    return (
      <button type="button" onClick={() => setIsOpen(true)}>
        New corpus
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="card stack" aria-label="New corpus" style={{ width: '100%' }}>
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Name" error={fieldError('name')}>
          <input name="name" required autoFocus />
        </Field>
        <Field label="Tier" error={fieldError('tier')}>
          <select name="tier" defaultValue="NONE">
            <option value="NONE">none (reference corpus)</option>
            <option value="GOLD">gold</option>
            <option value="SILVER">silver</option>
            <option value="BRONZE">bronze</option>
          </select>
        </Field>
        <Field label="Licence" error={fieldError('licence')}>
          <input name="licence" placeholder="e.g. CC BY 4.0" />
        </Field>
      </div>
      <Field label="Source" error={fieldError('source')}>
        <input name="source" placeholder="paper, repository or URL" />
      </Field>
      <Field
        label={
          <>
            Attribution <span className="small muted">(shown with the corpus)</span>
          </>
        }
        error={fieldError('attribution')}
      >
        <input name="attribution" />
      </Field>
      <Field label="Description" error={fieldError('description')}>
        <textarea name="description" rows={2} />
      </Field>
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Creating…' : 'Create corpus'}
        </button>
        <button type="button" className="secondary" onClick={() => setIsOpen(false)}>
          Cancel
        </button>
        {failure && (
          <p role="alert" className="alert error">
            {failure.message}
          </p>
        )}
      </div>
    </form>
  );
}

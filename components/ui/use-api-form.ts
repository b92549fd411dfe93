'use client';
/**
 * A form that sends one /api/v1 call (lib/api/typed-client.ts) and stays on its page: the answer's data
 * to show after a success (the form is emptied and the page refreshed), or the message and each
 * field's message (`apiFieldErrors`) after a refusal, and the pending state.
 */
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { apiFieldErrors, callApi, type ApiData, type ApiInput } from '@/lib/api/typed-client';
import type { ApiContract } from '@/lib/api/contract';

export type ApiFormState<T> = { ok: true; data: T } | { ok: false; message: string; fields: Record<string, string> } | null;

export function useApiForm<C extends ApiContract>(contract: C, input: (values: Record<string, string>) => ApiInput<C>) {
  const router = useRouter();
  const [state, setState] = useState<ApiFormState<ApiData<C>>>(null);
  const [isPending, startTransition] = useTransition();
  const fieldError = (name: string) => (state && !state.ok && state.fields[name] ? [state.fields[name]] : []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    startTransition(async () => {
      const result = await callApi(contract, input(values));
      if (!result.ok) return setState({ ok: false, message: result.message, fields: apiFieldErrors(result) });
      setState({ ok: true, data: result.data });
      form.reset();
      router.refresh();
    });
  };
  return { state, isPending, fieldError, submit };
}

/** One call of a tidying route of /api/v1 from a page: the JSON answer, or the server's message. */
export type ApiCallResult<T> = { ok: true; data: T } | { ok: false; error: string };

export async function callTidyApi<T = unknown>(
  url: string,
  method: 'PATCH' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<ApiCallResult<T>> {
  const res = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!res) return { ok: false, error: 'The server could not be reached; try again.' };
  const json = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (res.ok) return { ok: true, data: json as T };
  return { ok: false, error: json?.error?.message ?? `The server answered ${res.status}.` };
}

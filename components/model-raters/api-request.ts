/**
 * One call of the model-rater routes of /api/v1 from a page: the JSON answer, or the server's
 * message with its per-field messages (`body.url` → `url`), so a form can show each under its field.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string; fields: Record<string, string> };

export async function callApi<T = unknown>(
  url: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  body?: unknown,
): Promise<ApiResult<T>> {
  const res = await fetch(url, {
    method,
    cache: 'no-store',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!res) return { ok: false, error: 'The server could not be reached; try again.', fields: {} };
  const json = (await res.json().catch(() => null)) as
    (T & { error?: { message?: string; fields?: Record<string, string> } }) | null;
  if (res.ok) return { ok: true, data: json as T };
  const fields = Object.fromEntries(
    Object.entries(json?.error?.fields ?? {}).map(([key, message]) => [key.replace(/^(body|query)\./, ''), message]),
  );
  return { ok: false, error: json?.error?.message ?? `The server answered ${res.status}.`, fields };
}

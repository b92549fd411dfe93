/**
 * Calls a Server Action over HTTP exactly as the browser does (Next 16, see
 * node_modules/next/dist/client/components/router-reducer/reducers/server-action-reducer.js): a
 * POST carrying the `Next-Action: <id>` header and the arguments encoded by React's `encodeReply`
 * (for plain JSON values, the JSON array of arguments). The answer is an RSC payload whose row 0
 * is `{"a":"$@1",…}`: the action's result is row 1.
 *
 * The request goes to /login, the one page the proxy lets through without a session cookie; Next
 * forwards it to the page that holds the action. An attacker can do the same, so the action must
 * refuse by itself.
 */
import type { APIRequestContext } from '@playwright/test';

/** Parses the rows `<hex id>:<JSON>` of an RSC payload and returns what row 0's `a` points to. */
export function decodeActionResult(payload: string): unknown {
  const rows = new Map<string, string>();
  for (const line of payload.split('\n')) {
    const row = /^([0-9a-f]+):(.*)$/.exec(line);
    if (row) rows.set(row[1]!, row[2]!);
  }
  const fail = (why: string) => new Error(`${why} in the Server Action answer: ${payload.slice(0, 300)}`);
  const head = rows.get('0');
  if (head === undefined) throw fail('no row 0');
  const { a } = JSON.parse(head) as { a?: unknown };
  const ref = typeof a === 'string' ? /^\$@([0-9a-f]+)$/.exec(a) : null;
  if (!ref) return a;
  const value = rows.get(ref[1]!);
  if (value === undefined) throw fail(`no row ${ref[1]}`);
  return JSON.parse(value) as unknown;
}

export async function callServerAction(
  request: APIRequestContext,
  baseURL: string,
  actionId: string,
  args: unknown[],
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await request.post('/login', {
    headers: {
      accept: 'text/x-component',
      'content-type': 'text/plain;charset=UTF-8',
      'next-action': actionId,
      origin: baseURL,
      ...headers,
    },
    data: JSON.stringify(args),
    maxRedirects: 0,
  });
  const type = response.headers()['content-type'] ?? '';
  if (!type.startsWith('text/x-component')) {
    throw new Error(`Server Action ${actionId} answered ${response.status()} ${type}: ${(await response.text()).slice(0, 300)}`);
  }
  return decodeActionResult(await response.text());
}

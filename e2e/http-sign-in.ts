/**
 * Sign-in over plain HTTP from a chosen local source address (127.0.0.x: every one of them reaches
 * the server on 127.0.0.1, and the server sees it as the socket's peer), through Auth.js's
 * credentials endpoint: fetch a CSRF token, then post the form as a browser would.
 */
import http from 'node:http';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Target {
  /** the app's base URL (Playwright's baseURL) */
  baseURL: string;
  /** the local source address to connect from */
  from: string;
}

function send(
  { baseURL, from }: Target,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path, headers, localAddress: from, agent: false },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      },
    );
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}

export type SignInOutcome = 'signed-in' | 'wrong' | 'rate-limited';

/** One sign-in attempt; `headers` go along with the credentials post (e.g. X-Forwarded-For). */
export async function httpSignIn(
  target: Target,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<SignInOutcome> {
  const csrf = await send(target, 'GET', '/api/auth/csrf');
  const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ email, password, csrfToken, callbackUrl: '/' }).toString();
  const answer = await send(
    target,
    'POST',
    '/api/auth/callback/credentials',
    { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    form,
  );
  const location = answer.headers.location ?? '';
  if ((answer.headers['set-cookie'] ?? []).some((c) => c.startsWith('authjs.session-token='))) return 'signed-in';
  if (location.includes('code=rate_limited')) return 'rate-limited';
  if (location.includes('code=credentials')) return 'wrong';
  throw new Error(`unexpected sign-in answer ${answer.status} ${location}`);
}

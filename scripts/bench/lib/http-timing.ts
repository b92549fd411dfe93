/** HTTP helpers for benchmarks against a running Paralens: sign in through Auth.js, time requests. */

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Signs in with the credentials form flow (CSRF token, then the callback) and returns the cookie header. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.join('; '), origin: baseUrl },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${baseUrl}/` }),
  });
  const session = cookiesOf(res).find((c) => c.includes('session-token'));
  if (!session) throw new Error(`signing in as ${email} failed (status ${res.status})`);
  return [...jar, session].join('; ');
}

/**
 * The floor of pages and of routes Next.js serves: /api/health through Next.js's router. The web
 * server answers the bare /api/health itself (docs/decisions/007) and matches it exactly, so with a
 * query string the request goes on to the App Router's route handler: Next.js plus one database
 * round trip, as before.
 */
export const NEXT_ROUTED_HEALTH = '/api/health?via=next';

export interface Timing {
  median: number;
  p95: number;
  status: number;
}

/** Times full responses (headers and body) after `warmup` untimed requests. */
export async function timeRequests(baseUrl: string, path: string, cookie: string, runs = 15, warmup = 3): Promise<Timing> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < warmup + runs; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    await res.arrayBuffer();
    status = res.status;
    if (i >= warmup) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), status };
}

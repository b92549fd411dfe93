/**
 * The web server's front door (lib/runtime/front-door.ts) in front of the real app: bodies over
 * their limit are refused 413 before any route runs, and in demo mode a host name other than a
 * loopback one is answered 421 (DNS rebinding).
 */
import http from 'node:http';
import { test, expect } from './fixtures';
import { listeningProcess, peakMemory } from './support/server-process';

const MB = 1024 * 1024;
const tooLarge = { error: { code: 'TOO_LARGE', message: 'The request body is larger than 1 MB, the limit for this request.' } };

/** A chunked POST of `bytes` written on until the server closes the connection; resolves with the answer. */
function postChunked(
  baseURL: string,
  path: string,
  bytes: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let answer: { status: number; body: string } | undefined;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { ...headers, 'Transfer-Encoding': 'chunked' },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => (answer = { status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', () => undefined); // the server closes while we still write
    req.on('close', () => setTimeout(() => (answer ? resolve(answer) : reject(new Error('no answer'))), 100));
    const piece = Buffer.alloc(64 * 1024, '{');
    let left = bytes;
    const write = (): void => {
      while (left > 0 && !req.destroyed) {
        left -= piece.length;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

test('50 MB to the sign-in route, an API route and a Server Action: 413 at once, and the server does not grow', async ({
  request,
  baseURL,
}) => {
  const pid = listeningProcess(Number(new URL(baseURL!).port));
  const before = peakMemory(pid);
  const body = Buffer.alloc(50 * MB, 'a');
  const signIn = await request.post('/api/auth/callback/credentials', {
    data: body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseURL! },
  });
  const api = await request.post('/api/v1/campaigns/1/adjudications', {
    data: body,
    headers: { 'Content-Type': 'application/json' },
  });
  const action = await request.post('/login', {
    data: body,
    headers: {
      'Next-Action': '7f00000000000000000000000000000000000000',
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: baseURL!,
    },
  });
  expect([signIn.status(), api.status(), action.status()]).toEqual([413, 413, 413]);
  expect(await signIn.json()).toEqual(tooLarge);
  expect(await api.json()).toEqual(tooLarge);
  expect(await action.text()).toBe(`${tooLarge.error.message}\n`);
  // chunked, without a length: cut off once past the limit while Auth.js is already reading the form
  const chunked = await postChunked(baseURL!, '/api/auth/callback/credentials', 50 * MB, {
    'Content-Type': 'application/x-www-form-urlencoded',
    Origin: baseURL!,
  });
  expect(chunked).toEqual({ status: 413, body: JSON.stringify(tooLarge) });
  // 200 MB sent, none of it held (one 50 MB body alone would raise the peak by more)
  expect(peakMemory(pid) - before).toBeLessThan(50 * MB);
  // the server goes on answering, a body under the limit reaches the route
  expect((await request.get('/api/health')).status()).toBe(200);
  const small = await request.post('/api/v1/campaigns/1/adjudications', { data: { pairId: 1, answers: {} } });
  expect(small.status()).toBe(401);
});

test('demo mode answers 421 to a rebound host name before Auth.js or any route sees the request', async ({
  request,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const rebound = `rebind.attacker.example:${port}`;
  const csrf = await request.get('/api/auth/csrf', { headers: { Host: rebound } });
  expect(csrf.status()).toBe(421);
  expect(await csrf.text()).toBe('Paralens in demo mode answers only at 127.0.0.1, localhost or [::1].\n');
  expect(csrf.headers()['set-cookie']).toBeUndefined();
  const signIn = await request.post('/api/auth/callback/credentials', {
    form: { email: 'admin@paralens.local', password: 'paralens-demo' },
    headers: { Host: rebound, Origin: `http://${rebound}` },
  });
  expect(signIn.status()).toBe(421);
  expect((await request.get('/api/v1/corpora', { headers: { Host: rebound } })).status()).toBe(421);
  expect((await request.get('/api/v1/campaigns/1/next', { headers: { Host: rebound } })).status()).toBe(421);
  // the loopback names are answered as before
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
    const answer = await request.get('/api/auth/csrf', { headers: { Host: host } });
    expect(answer.status(), host).toBe(200);
  }
});

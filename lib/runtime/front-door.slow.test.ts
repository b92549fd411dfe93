import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddressHeader } from '@/lib/access/client-address';
import { createFrontDoor, prepareRequestHeaders } from './front-door';

function request(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers: { ...headers } } as unknown as IncomingMessage;
}

describe('prepareRequestHeaders', () => {
  it('sets the client address from the socket and drops what the client claimed', () => {
    const req = request('::ffff:192.0.2.10', {
      [clientAddressHeader]: '10.0.0.1',
      'x-forwarded-for': '198.51.100.1',
      'x-forwarded-host': 'evil.example',
      'x-real-ip': '198.51.100.2',
      host: 'paralens.example.org',
    });
    prepareRequestHeaders(req, 0);
    expect(req.headers).toEqual({ [clientAddressHeader]: '192.0.2.10', host: 'paralens.example.org' });
  });

  it('with trusted proxies, takes the address they recorded and keeps their forwarding headers', () => {
    const req = request('10.0.0.2', {
      [clientAddressHeader]: '1.1.1.1',
      'x-forwarded-for': '6.6.6.6, 198.51.100.1',
      'x-forwarded-proto': 'https',
    });
    prepareRequestHeaders(req, 1);
    expect(req.headers[clientAddressHeader]).toBe('198.51.100.1');
    expect(req.headers['x-forwarded-proto']).toBe('https');
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': 'garbage' });
    prepareRequestHeaders(req, 1);
    expect(req.headers[clientAddressHeader]).toBe('10.0.0.2');
  });
});

/** A front door in a child process (lib/runtime/testing/front-door-server.ts), so its memory can be read from /proc. */
interface Fixture {
  port: number;
  pid: number;
  /** `handled METHOD URL BYTES` for each request that reached the stand-in for Next.js */
  handled: string[];
  stop: () => void;
}

const fixtureScript = path.join(import.meta.dirname, 'testing', 'front-door-server.ts');

function startFixture(env: Record<string, string>): Promise<Fixture> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixtureScript], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const handled: string[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      buffer += data;
      for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const listening = /^listening (\d+)$/.exec(line);
        if (listening) resolve({ port: Number(listening[1]), pid: child.pid!, handled, stop: () => child.kill() });
        else if (line.startsWith('handled ')) handled.push(line);
      }
    });
    child.on('exit', (code) => reject(new Error(`the front door exited (${code})`)));
  });
}

async function waitForHandled(fixture: Fixture, count: number): Promise<string[]> {
  for (let i = 0; i < 100 && fixture.handled.length < count; i++) await new Promise((r) => setTimeout(r, 50));
  return fixture.handled;
}

/** The process's peak resident memory (VmHWM), in bytes. */
function peakMemory(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

interface Answer {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  /** whether the whole body left the client (it cannot when the server stops reading and closes) */
  sentAll: boolean;
}

/**
 * POSTs `bytes` of body (with Content-Length, or chunked) as an attacker would: writing on until
 * the server closes the connection.
 */
function post(
  port: number,
  urlPath: string,
  { bytes, chunked = false, headers = {} }: { bytes: number; chunked?: boolean; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answer: Omit<Answer, 'sentAll'> | undefined;
    let responded = false;
    let closed = false;
    let sentAll = false;
    const settle = () => {
      if (closed && answer) resolve({ ...answer, sentAll });
      else if (closed && !responded) reject(new Error(`no answer from ${urlPath}`));
    };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        agent: false,
        headers: { ...headers, ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(bytes) }) },
      },
      (res) => {
        responded = true;
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => {
          answer = { status: res.statusCode, headers: res.headers, body };
          settle();
        });
      },
    );
    req.on('error', () => undefined); // EPIPE or ECONNRESET once the server has answered and closed
    req.on('close', () => {
      closed = true;
      settle();
    });
    const piece = Buffer.alloc(64 * 1024, 'a');
    let left = bytes;
    const write = (): void => {
      while (left > 0 && !req.destroyed) {
        const n = Math.min(left, piece.length);
        left -= n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) {
          req.once('drain', write);
          return;
        }
      }
      if (!req.destroyed) req.end(() => (sentAll = true));
    };
    write();
  });
}

function get(port: number, urlPath: string, host: string): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: urlPath, agent: false, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    })
      .on('error', reject)
      .end();
  });
}

const MB = 1024 * 1024;

describe('the front door in its own process', () => {
  let fixture: Fixture;
  afterEach(() => fixture?.stop());

  it('refuses 50 MB bodies to the sign-in route, an API route and a Server Action with 413, without the memory to hold them', async () => {
    fixture = await startFixture({ PARALENS_DEMO: '1' });
    const signIn = '/api/auth/callback/credentials';
    const apiRoute = '/api/v1/campaigns/1/adjudications';
    const action = { path: '/campaigns/new', headers: { 'Next-Action': '7f3a9c' } };
    // under the limit, with a length or chunked, the body arrives whole
    const small = await post(fixture.port, apiRoute, { bytes: MB });
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body)).toEqual({ bytes: MB });
    const smallChunked = await post(fixture.port, signIn, { bytes: 300_000, chunked: true });
    expect(JSON.parse(smallChunked.body)).toEqual({ bytes: 300_000 });
    const before = peakMemory(fixture.pid);

    const answers = await Promise.all(
      [false, true].flatMap((chunked) => [
        post(fixture.port, signIn, { bytes: 50 * MB, chunked, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
        post(fixture.port, apiRoute, { bytes: 50 * MB, chunked, headers: { 'Content-Type': 'application/json' } }),
        post(fixture.port, action.path, { bytes: 50 * MB, chunked, headers: action.headers }),
      ]),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, `answer ${i}`).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(answer.sentAll, `answer ${i}: the server read the whole body`).toBe(false);
    }
    expect(JSON.parse(answers[0]!.body)).toEqual({
      error: { code: 'TOO_LARGE', message: 'The request body is larger than 1 MB, the limit for this request.' },
    });
    expect(answers[4]!.body).toBe(answers[0]!.body);
    expect(answers[2]!.body).toBe('The request body is larger than 1 MB, the limit for this request.\n');
    expect(answers[5]!.body).toBe('The request body is larger than 1 MB, the limit for this request.\n');
    // Six 50 MB bodies, none held: the peak resident memory grew by far less than one of them.
    expect(peakMemory(fixture.pid) - before).toBeLessThan(50 * MB);
    expect(await waitForHandled(fixture, 2)).toEqual([`handled POST ${apiRoute} ${MB}`, `handled POST ${signIn} 300000`]);
  }, 60_000);

  it('in demo mode answers 421 to another host name before any route runs', async () => {
    fixture = await startFixture({ PARALENS_DEMO: '1', PARALENS_ALLOWED_HOSTS: 'paralens.example.org' });
    const rebind = 'rebind.attacker.example:3921';
    expect(await get(fixture.port, '/api/auth/csrf', rebind)).toEqual({
      status: 421,
      body: 'Paralens in demo mode answers only at 127.0.0.1, localhost or [::1].\n',
    });
    expect((await get(fixture.port, '/api/users', 'paralens.example.org')).status).toBe(421);
    const signIn = await post(fixture.port, '/api/auth/callback/credentials', {
      bytes: 100,
      headers: { host: rebind, origin: `http://${rebind}` },
    });
    expect(signIn.status).toBe(421);
    // loopback names, and the health check by any name, go on
    for (const host of [`127.0.0.1:${fixture.port}`, `localhost:${fixture.port}`, '[::1]'])
      expect((await get(fixture.port, '/api/users', host)).status).toBe(200);
    expect((await get(fixture.port, '/api/health', rebind)).status).toBe(200);
    expect(await waitForHandled(fixture, 4)).toEqual([
      'handled GET /api/users 0',
      'handled GET /api/users 0',
      'handled GET /api/users 0',
      'handled GET /api/health 0',
    ]);
  }, 30_000);
});

describe('keep-alive', () => {
  it('keeps an idle connection 65 s (proxies close theirs at 60 s), so a client reuses it after 6 s idle', async () => {
    let connections = 0;
    const server = createFrontDoor({ trustedProxyHops: 0, hostPolicy: { kind: 'any' } }, (_req, res) => res.end('ok'));
    server.on('connection', () => connections++);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<string>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (d: string) => (body += d));
          res.on('end', () => resolve(body));
        })
          .on('error', reject)
          .end();
      });
    try {
      expect(await ask()).toBe('ok');
      // Node's default would close the idle connection after 5 s, and the reuse would fail with ECONNRESET
      await new Promise((r) => setTimeout(r, 6_500));
      expect(await ask()).toBe('ok');
      expect(connections).toBe(1);
    } finally {
      agent.destroy();
      server.close();
    }
  }, 20_000);
});

/**
 * One HTTP exchange with a model server, on node:http/node:https rather than the global fetch:
 * a timeout or a cancel destroys the request and its socket at once, so the server sees the
 * connection close (llama.cpp's server and vLLM stop generating for a closed connection, and the
 * slot no longer counts against the endpoint's concurrency), and the body is read with a size cap
 * so that a misbehaving server cannot exhaust the job process's memory.
 */
import http from 'node:http';
import https from 'node:https';
import { abortError } from './transport-errors';

export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export interface HttpExchangeRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  maxBytes?: number;
}

export interface HttpExchangeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  durationMs: number;
}

export type TransportProblem = 'timeout' | 'network' | 'too-large' | 'tls';

/** The exchange did not produce a whole response. `code` is Node's (ECONNRESET, ECONNREFUSED…). */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly problem: TransportProblem,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const TLS_CODE = /CERT|SELF_SIGNED|ERR_TLS|ERR_SSL|UNABLE_TO_VERIFY/;

function describeNetworkError(error: NodeJS.ErrnoException): TransportError {
  const code = error.code ?? null;
  if (code && TLS_CODE.test(code)) return new TransportError('tls', `TLS: ${error.message}`, code);
  const what =
    code === 'ECONNREFUSED'
      ? 'connection refused (is the server running?)'
      : code === 'ECONNRESET'
        ? 'the connection was reset'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'the host name does not resolve'
          : error.message;
  return new TransportError('network', what, code);
}

/** Sends one request and reads the whole answer; rejects with a TransportError or the signal's reason. */
export function exchange(request: HttpExchangeRequest): Promise<HttpExchangeResponse> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const maxBytes = request.maxBytes ?? MAX_RESPONSE_BYTES;
  const started = performance.now();
  const url = new URL(request.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    // Encoded once: its length and the bytes sent (a chat body carries the guidelines, ~20 kB).
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const headers = {
      ...request.headers,
      ...(body === undefined ? {} : { 'content-length': String(body.length) }),
    };
    const req = transport.request(url, { method: request.method, headers });
    const finish = (error: Error | null, value?: HttpExchangeResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error === null) resolve(value!);
      else {
        req.destroy();
        reject(error);
      }
    };
    const onAbort = () => finish(abortError(signal));
    const timer = setTimeout(
      () => finish(new TransportError('timeout', `no complete answer within ${Math.round(request.timeoutMs / 100) / 10} s`)),
      request.timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => finish(describeNetworkError(error)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes)
          finish(new TransportError('too-large', `the answer is larger than ${Math.round(maxBytes / 1048576)} MB`));
        else chunks.push(chunk);
      });
      res.on('error', (error: NodeJS.ErrnoException) => finish(describeNetworkError(error)));
      res.on('aborted', () =>
        finish(new TransportError('network', 'the connection closed in the middle of the answer', 'ECONNRESET')),
      );
      res.on('end', () =>
        finish(
          res.complete ? null : new TransportError('network', 'the connection closed in the middle of the answer', 'ECONNRESET'),
          {
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            durationMs: performance.now() - started,
          },
        ),
      );
    });
    req.end(body);
  });
}

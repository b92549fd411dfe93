/**
 * The downloads of `paralens models pull` (lib/models/model-pull.ts): one file over HTTP(S) from the
 * Hugging Face Hub's layout or another server, resumable and checked.
 *
 * - URLs: `{HF_ENDPOINT}/{repo}/resolve/{revision}/{path}` (default endpoint https://huggingface.co);
 *   a large (LFS) file answers with a redirect to its storage, carrying its sha256 in X-Linked-Etag;
 *   a small one answers directly, its ETag being the git blob sha1. HF_TOKEN is sent as a bearer
 *   token to the Hub, never to the host a redirect leads to.
 * - Resumable: each file is written to `<file>.part`; a second run asks for the rest (HTTP Range)
 *   and appends; a server that ignores the Range starts the file again.
 * - Checked: the finished file's sha256 (or git blob sha1) against what the server publishes, or
 *   against `expectedSha256`. A mismatch deletes the file: nothing unverified is installed.
 * - Proxies: HTTPS_PROXY / HTTP_PROXY (or lower case), NO_PROXY honoured (CONNECT tunnels for https).
 * - Offline (refused, unknown host, timeout): PullOfflineError, whose message is one line.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { setting, type Env } from '@/lib/config/settings';

export class PullOfflineError extends Error {}
export class PullChecksumError extends Error {}

/** The environment the downloads read (lib/config/settings.ts: HF_ENDPOINT, proxies). */
export type PullEnv = Env;

export interface PullProgress {
  file: string;
  done: number;
  total: number | null;
}

// ── proxies ────────────────────────────────────────────────────────────────

/** The proxy URL for `url` from the environment, or null (NO_PROXY: host names, suffixes, *). */
export function proxyFor(url: URL, env: PullEnv): URL | null {
  const noProxy = (setting('NO_PROXY', env) ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const host = url.hostname.toLowerCase();
  if (
    noProxy.some(
      (entry) =>
        entry === '*' ||
        host === entry.replace(/^\./, '').split(':')[0] ||
        host.endsWith(entry.startsWith('.') ? entry : `.${entry}`),
    )
  )
    return null;
  const plain = setting('HTTP_PROXY', env);
  const proxy = url.protocol === 'https:' ? (setting('HTTPS_PROXY', env) ?? plain) : plain;
  return proxy ? new URL(proxy) : null;
}

function tunnel(proxy: URL, target: URL): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const port = target.port || '443';
    const request = http.request({
      host: proxy.hostname,
      port: proxy.port || 80,
      method: 'CONNECT',
      path: `${target.hostname}:${port}`,
      headers: { host: `${target.hostname}:${port}` },
    });
    request.once('connect', (response, socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`proxy ${proxy.host} refused the tunnel to ${target.host} (HTTP ${response.statusCode})`));
      }
    });
    request.once('error', reject);
    request.end();
  });
}

async function get(url: URL, headers: Record<string, string>, env: PullEnv): Promise<http.IncomingMessage> {
  const proxy = proxyFor(url, env);
  const options: https.RequestOptions = { headers, timeout: 30_000 };
  let request: http.ClientRequest;
  if (proxy && url.protocol === 'https:') {
    const socket = await tunnel(proxy, url);
    request = https.request(url, {
      ...options,
      agent: false,
      createConnection: () => tls.connect({ socket, servername: url.hostname }),
    });
  } else if (proxy) {
    request = http.request({
      ...options,
      host: proxy.hostname,
      port: proxy.port || 80,
      path: url.href,
      headers: { ...headers, host: url.host },
    });
  } else {
    request = (url.protocol === 'https:' ? https : http).request(url, options);
  }
  return new Promise((resolve, reject) => {
    request.once('response', resolve);
    request.once('timeout', () =>
      request.destroy(Object.assign(new Error(`no answer from ${url.host} within 30 s`), { code: 'ETIMEDOUT' })),
    );
    request.once('error', reject);
    request.end();
  });
}

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH']);

// ── one file ───────────────────────────────────────────────────────────────

/** What the server publishes about a file's contents. */
interface Published {
  sha256?: string;
  gitSha1?: string;
}

function publishedChecksum(response: http.IncomingMessage): Published {
  const strip = (v: string | string[] | undefined) =>
    typeof v === 'string' ? v.replace(/^W\//, '').replace(/"/g, '').toLowerCase() : '';
  const linked = strip(response.headers['x-linked-etag']);
  if (/^[0-9a-f]{64}$/.test(linked)) return { sha256: linked };
  const etag = strip(response.headers.etag);
  if (/^[0-9a-f]{64}$/.test(etag)) return { sha256: etag };
  if (/^[0-9a-f]{40}$/.test(etag)) return { gitSha1: etag };
  return {};
}

async function hashFile(file: string): Promise<{ sha256: string; gitSha1: string; bytes: number }> {
  const { size } = await stat(file);
  const sha256 = createHash('sha256');
  const sha1 = createHash('sha1').update(`blob ${size}\0`);
  for await (const chunk of createReadStream(file)) {
    sha256.update(chunk as Buffer);
    sha1.update(chunk as Buffer);
  }
  return { sha256: sha256.digest('hex'), gitSha1: sha1.digest('hex'), bytes: size };
}

export interface DownloadResult {
  sha256: string;
  bytes: number;
  /** bytes that were already in the .part file from an earlier run */
  resumedFrom: number;
  published: Published;
}

/**
 * Downloads `url` to `dest` through `dest.part` (resumed when it exists), following redirects;
 * checks the result against the published checksum or `expectedSha256`; returns its sha256.
 */
export async function downloadFile(
  url: string,
  dest: string,
  options: {
    env: PullEnv;
    token?: string;
    expectedSha256?: string;
    label: string;
    onProgress?: (progress: PullProgress) => void;
    notFoundOk?: boolean;
  },
): Promise<DownloadResult | null> {
  const part = `${dest}.part`;
  await mkdir(path.dirname(dest), { recursive: true });
  const have = await stat(part).then(
    (s) => s.size,
    () => 0,
  );
  const first = new URL(url);
  let current = first;
  let published: Published = {};
  let response: http.IncomingMessage;
  for (let hops = 0; ; hops += 1) {
    const headers: Record<string, string> = { 'user-agent': 'paralens-models-pull', 'accept-encoding': 'identity' };
    if (options.token && current.host === first.host) headers.authorization = `Bearer ${options.token}`;
    if (have > 0) headers.range = `bytes=${have}-`;
    try {
      response = await get(current, headers, options.env);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code && OFFLINE_CODES.has(code)) throw new PullOfflineError(`cannot reach ${current.host}`);
      throw error;
    }
    const found = publishedChecksum(response);
    if (found.sha256 || (hops === 0 && found.gitSha1)) published = { ...published, ...found };
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hops >= 5) throw new Error(`${options.label}: too many redirects`);
      current = new URL(response.headers.location, current);
      continue;
    }
    break;
  }
  const status = response.statusCode ?? 0;
  if (status === 404 && options.notFoundOk) {
    response.resume();
    return null;
  }
  if (status === 401 || status === 403) {
    response.resume();
    throw new Error(`${options.label}: ${current.host} answered HTTP ${status} (set HF_TOKEN if the repository needs one)`);
  }
  const complete = status === 416 && have > 0;
  if (!complete && status !== 200 && status !== 206) {
    response.resume();
    throw new Error(`${options.label}: ${current.host} answered HTTP ${status} for ${current.pathname}`);
  }
  const resumedFrom = status === 206 ? have : 0;
  if (complete) response.resume();
  else {
    const length = Number(response.headers['content-length'] ?? NaN);
    const total = Number.isFinite(length) ? resumedFrom + length : null;
    let done = resumedFrom;
    // Everything received is kept in the .part file, also when the connection breaks off.
    const out = createWriteStream(part, { flags: status === 206 ? 'a' : 'w' });
    let broke: Error | null = null;
    await new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => {
        done += chunk.length;
        options.onProgress?.({ file: options.label, done, total });
        if (!out.write(chunk)) {
          response.pause();
          out.once('drain', () => response.resume());
        }
      });
      response.once('error', (error) => (broke = error));
      response.once('close', () => out.end());
      out.once('finish', resolve);
      out.once('error', reject);
    });
    if (broke !== null || (total !== null && done < total)) {
      const reason = broke ? ` (${(broke as Error).message})` : '';
      throw new Error(
        `${options.label}: the download broke off after ${done.toLocaleString('en')}${total !== null ? ` of ${total.toLocaleString('en')}` : ''} bytes${reason}; run the command again to continue it`,
      );
    }
  }
  const hashes = await hashFile(part);
  const expected = published.sha256 ?? options.expectedSha256;
  const mismatch = expected ? hashes.sha256 !== expected : published.gitSha1 ? hashes.gitSha1 !== published.gitSha1 : false;
  if (mismatch) {
    await rm(part, { force: true });
    const want = expected ? `sha256 ${expected}` : `git sha1 ${published.gitSha1}`;
    const got = expected ? `sha256 ${hashes.sha256}` : `git sha1 ${hashes.gitSha1}`;
    throw new PullChecksumError(
      `${options.label}: checksum mismatch (expected ${want}, got ${got}); the file was deleted, not installed. Run the command again; if it persists, the source changed or a proxy alters the file.`,
    );
  }
  await rename(part, dest);
  return { sha256: hashes.sha256, bytes: hashes.bytes, resumedFrom, published };
}

export function hubFileUrl(env: PullEnv, repo: string, file: string, revision = 'main'): string {
  const endpoint = setting('HF_ENDPOINT', env);
  return `${endpoint}/${repo}/resolve/${encodeURIComponent(revision)}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * A reverse proxy on this machine in front of Paralens instances, for tests and benchmarks: the
 * repository's own deploy/nginx.conf or deploy/haproxy.cfg, rendered for the given upstream ports
 * (the lines between the `paralens:upstreams-begin` and `-end` markers replaced, the
 * `paralens:listen` line pointed at a free loopback port) into a temporary folder, and Debian's
 * nginx or HAProxy started on it in the foreground. Installs the package with apt-get when it is
 * missing and we are root; otherwise says how to install it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@/lib/runtime/ports';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { aptInstall } from './apt-install';

export type ProxyKind = 'nginx' | 'haproxy';

const proxies: Record<ProxyKind, { template: string; binary: string; pkg: string }> = {
  nginx: { template: 'deploy/nginx.conf', binary: '/usr/sbin/nginx', pkg: 'nginx' },
  haproxy: { template: 'deploy/haproxy.cfg', binary: '/usr/sbin/haproxy', pkg: 'haproxy' },
};

export interface Upstream {
  host: string;
  port: number;
}

/** Thrown when the proxy's program is missing and could not be installed; the message says how. */
export class ProxyUnavailableError extends Error {}

const BEGIN = '# paralens:upstreams-begin';
const END = '# paralens:upstreams-end';
const LISTEN = '# paralens:listen';

/**
 * The template with its upstream lines replaced by `upstreams` and its listen (nginx) or bind
 * (HAProxy) line by `listen`; everything else as written. Throws when a marker is missing.
 */
export function renderProxyConfig(kind: ProxyKind, template: string, upstreams: readonly Upstream[], listen: Upstream): string {
  const lines = template.split('\n');
  const begin = lines.findIndex((line) => line.trim().startsWith(BEGIN));
  const end = lines.findIndex((line) => line.trim().startsWith(END));
  const listenAt = lines.findIndex((line) => line.includes(LISTEN));
  if (begin < 0 || end < begin || listenAt < 0) {
    throw new Error(`${proxies[kind].template} lacks its "${BEGIN}", "${END}" or "${LISTEN}" marker lines.`);
  }
  const indent = (line: string) => /^\s*/.exec(line)![0];
  const upstreamIndent = indent(lines[begin]!);
  const servers = upstreams.map(({ host, port }, i) =>
    kind === 'nginx'
      ? `${upstreamIndent}server ${host}:${port} max_fails=1 fail_timeout=10s;`
      : `${upstreamIndent}server paralens-${i + 1} ${host}:${port}`,
  );
  const address = `${listen.host}:${listen.port}`;
  const listenLine = `${indent(lines[listenAt]!)}${kind === 'nginx' ? `listen ${address};` : `bind ${address}`}`;
  return [
    ...lines.slice(0, begin + 1).map((line, i) => (i === listenAt ? listenLine : line)),
    ...servers,
    ...lines.slice(end).map((line, i) => (i + end === listenAt ? listenLine : line)),
  ].join('\n');
}

/** nginx's main configuration around the site file: everything it writes stays in `dir`. */
function nginxMain(dir: string, site: string, workers: number): string {
  const temp = (name: string) => path.join(dir, name);
  return `daemon off;
worker_processes ${workers};
worker_rlimit_nofile 16384;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path ${temp('client-body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${site};
}
`;
}

/** The proxy's program, installed with apt-get when missing and we are root. */
export function proxyBinary(kind: ProxyKind): string {
  const { binary, pkg } = proxies[kind];
  if (aptInstall(pkg, binary)) return binary;
  throw new ProxyUnavailableError(
    `${kind} is not installed (${binary} is missing) and could not be installed here (it needs root and apt-get). ` +
      `Install it with: sudo apt-get install -y ${pkg}`,
  );
}

export interface LocalProxy {
  kind: ProxyKind;
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** the rendered configuration (for messages) */
  config: string;
  /** what the proxy printed or logged so far */
  output(): string;
  stop(): Promise<void>;
}

export interface LocalProxyOptions {
  /** nginx worker processes (default 1; a benchmark may want `os.availableParallelism()`) */
  workers?: number;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `kind` on a free loopback port in front of the instances on `upstreamPorts` (127.0.0.1). */
export async function startLocalProxy(
  kind: ProxyKind,
  upstreamPorts: readonly number[],
  options: LocalProxyOptions = {},
): Promise<LocalProxy> {
  const binary = proxyBinary(kind);
  const dir = await mkdtemp(path.join(tmpdir(), `paralens-${kind}-`));
  await chmod(dir, 0o755); // nginx's workers run as nobody when we are root
  const port = await findFreePort();
  const template = await readFile(path.join(projectRoot, proxies[kind].template), 'utf8');
  const upstreams = upstreamPorts.map((p) => ({ host: '127.0.0.1', port: p }));
  const config = renderProxyConfig(kind, template, upstreams, { host: '127.0.0.1', port });
  let child: ChildProcess;
  if (kind === 'nginx') {
    const site = path.join(dir, 'paralens.conf');
    await writeFile(site, config);
    await writeFile(path.join(dir, 'nginx.conf'), nginxMain(dir, site, options.workers ?? 1));
    child = spawn(binary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } else {
    await writeFile(path.join(dir, 'haproxy.cfg'), config);
    child = spawn(binary, ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
  }
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed + (kind === 'nginx' ? readLog(path.join(dir, 'error.log')) : '');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(kind === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const said = output();
      await stop();
      throw new Error(`${kind} did not start on port ${port}:\n${said}\nIts configuration:\n${config}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { kind, url: `http://127.0.0.1:${port}`, port, config, output, stop };
}

function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The launcher's web processes (web-process-cluster.ts) with a stand-in web server (a bare http server
 * that answers its pid), so the rules are checked in seconds without the production build: all
 * listen on one port and share its connections; with two, a killed one is replaced; with one, or
 * after too many deaths within a minute, the launcher is told to stop.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/runtime/ports';
import { MAX_RESTARTS, WebProcesses } from './web-process-cluster';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-web-processes-'));
const script = path.join(dir, 'stand-in.mjs');
writeFileSync(
  script,
  `import http from 'node:http';
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const server = http.createServer((req, res) => res.end(String(process.pid)));
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let running: WebProcesses | undefined;
afterEach(async () => {
  await running?.stop(1_000);
  running = undefined;
});

function askPid(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(Number(body)));
      })
      .on('error', reject);
  });
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startProcesses(count: number) {
  const port = await findFreePort();
  const fatal: string[] = [];
  const logs: string[] = [];
  const web = new WebProcesses({
    count,
    script,
    args: ['--port', String(port)],
    env: { ...process.env },
    log: (line) => logs.push(line),
    onFatal: (_code, _signal, reason) => fatal.push(reason),
  });
  running = web;
  await web.start();
  web.markServing();
  return { web, port, fatal, logs };
}

describe('web processes', () => {
  it('two share the one port; a killed one is replaced and the launcher is not told to stop', { timeout: 20_000 }, async () => {
    const { web, port, fatal, logs } = await startProcesses(2);
    const pids = web.pids();
    expect(pids).toHaveLength(2);
    const seen = new Set<number>();
    for (let i = 0; i < 10; i += 1) seen.add(await askPid(port));
    expect([...seen].sort()).toEqual([...pids].sort()); // connections handed out in turn

    process.kill(pids[0]!, 'SIGKILL');
    await until(() => web.pids().length === 2 && !web.pids().includes(pids[0]!));
    expect(logs.join('\n')).toContain(`web process ${pids[0]} stopped unexpectedly (signal SIGKILL); starting another`);
    expect(fatal).toEqual([]);
    const replacement = web.pids().find((pid) => pid !== pids[1])!;
    // The replacement answers once it listens; until then its turn goes to the other.
    const answers = new Set<number>();
    const deadline = Date.now() + 10_000;
    while (!answers.has(replacement) && Date.now() < deadline) answers.add(await askPid(port));
    expect(answers.has(replacement)).toBe(true);
  });

  it('a single one that dies tells the launcher to stop (npm start then ends non-zero)', async () => {
    const { web, fatal } = await startProcesses(1);
    process.kill(web.pids()[0]!, 'SIGKILL');
    await until(() => fatal.length === 1);
    expect(fatal[0]).toBe('the web server stopped unexpectedly (signal SIGKILL)');
    expect(web.pids()).toEqual([]);
  });

  it(`a crash loop is not restarted forever: the death after ${MAX_RESTARTS} replacements within a minute stops the launcher`, async () => {
    const { web, fatal, logs } = await startProcesses(2);
    for (let death = 0; death <= MAX_RESTARTS; death += 1) {
      const [victim] = web.pids();
      process.kill(victim!, 'SIGKILL');
      await until(() => !web.pids().includes(victim!) && (web.pids().length === 2 || fatal.length > 0));
    }
    expect(logs.filter((line) => line.includes('starting another'))).toHaveLength(MAX_RESTARTS);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(/the 6th within a minute; not starting more/);
  });

  it('stopping ends them all and replaces none', async () => {
    const { web, fatal } = await startProcesses(2);
    const pids = web.pids();
    await web.stop(1_000);
    expect(web.pids()).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(fatal).toEqual([]);
  });
});

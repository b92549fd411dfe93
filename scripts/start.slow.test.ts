/** `npm start`'s failure paths: one line with the cause and what to do, exit 1, nothing deleted. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/runtime/ports';

const root = path.resolve(import.meta.dirname, '..');

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const errorLines = result.stderr.split('\n').filter((l) => l.startsWith('paralens:'));
  return { status: result.status, errorLines };
}

function scratchHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'paralens-start-'));
  return home;
}

describe('npm start refuses bad configurations clearly', () => {
  it('a port already in use', async () => {
    const port = await findFreePort();
    const server = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { status, errorLines } = start({ PORT: String(port), PARALENS_HOME: scratchHome() });
      expect(status).toBe(1);
      expect(errorLines).toEqual([
        `paralens: port ${port} on 127.0.0.1 is already in use. Stop what uses it or set PORT to another port.`,
      ]);
    } finally {
      server.close();
    }
  }, 60_000);

  it('a PORT that is not a number', () => {
    const { status, errorLines } = start({ PORT: 'eighty', PARALENS_HOME: scratchHome() });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      'paralens: PORT=eighty must be a whole number from 1 to 65535. Use a free port, or unset it for 3000.',
    ]);
  }, 60_000);

  it('demo mode on a non-loopback HOST, before anything is started', () => {
    const home = scratchHome();
    const { status, errorLines } = start({ HOST: '0.0.0.0', PARALENS_HOME: home });
    expect(status).toBe(1);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(
      /^paralens: HOST=0\.0\.0\.0 would put the demo accounts, whose password is published, on the network; .* set real passwords first: use your own PostgreSQL \(set DATABASE_URL and AUTH_SECRET\), create the accounts with `npx paralens user create/,
    );
    expect(readdirSync(home)).toEqual([]);
  }, 60_000);

  it('a TRUSTED_PROXY_HOPS that is not a number of proxies', () => {
    const { status, errorLines } = start({ TRUSTED_PROXY_HOPS: 'yes', PARALENS_HOME: scratchHome() });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      'paralens: TRUSTED_PROXY_HOPS=yes must be a whole number from 0 to 10. Set it to how many reverse proxies are in front of Paralens, or unset it when clients connect directly.',
    ]);
  }, 60_000);

  it('a job setting that is not a number stops the launcher, naming it (it used to fall back to the default silently)', () => {
    const { status, errorLines } = start({ PARALENS_JOB_MEMORY_MB: '1.5GB', PARALENS_HOME: scratchHome() });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      'paralens: PARALENS_JOB_MEMORY_MB=1.5GB must be a whole number of at least 64. Fix it, or unset it for the default (README, Configuration).',
    ]);
  }, 60_000);

  it('a foreign data folder, which is left as it was', async () => {
    const home = scratchHome();
    mkdirSync(path.join(home, 'pgdata'));
    writeFileSync(path.join(home, 'pgdata', 'thesis.tex'), 'precious');
    const { status, errorLines } = start({ PORT: String(await findFreePort()), PARALENS_HOME: home });
    expect(status).toBe(1);
    expect(errorLines).toHaveLength(1);
    expect(errorLines[0]).toMatch(/is not empty but is not a PostgreSQL data folder .*Nothing was deleted\.$/);
    expect(readdirSync(path.join(home, 'pgdata'))).toEqual(['thesis.tex']);
  }, 60_000);

  it('a PARALENS_PG_PORT that another program holds, before anything is created', async () => {
    const pgPort = await findFreePort();
    const holder = net.createServer().listen(pgPort, '127.0.0.1');
    await new Promise((r) => holder.once('listening', r));
    try {
      const home = scratchHome();
      const { status, errorLines } = start({
        PORT: String(await findFreePort()),
        PARALENS_HOME: home,
        PARALENS_PG_PORT: String(pgPort),
      });
      expect(status).toBe(1);
      expect(errorLines).toEqual([
        `paralens: port ${pgPort} (PARALENS_PG_PORT) is already in use on 127.0.0.1, so the embedded PostgreSQL cannot listen there. Stop what uses it, choose another port, or unset PARALENS_PG_PORT to let Paralens choose one. Nothing was changed.`,
      ]);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      holder.close();
    }
  }, 60_000);

  it('a PARALENS_PG_PORT that is not a port', () => {
    const { status, errorLines } = start({ PARALENS_PG_PORT: '99999', PARALENS_HOME: scratchHome() });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      'paralens: PARALENS_PG_PORT=99999 must be a whole number from 1 to 65535. Use a free port from 1 to 65535, or unset it to let Paralens choose one.',
    ]);
  }, 60_000);

  it('an unreachable DATABASE_URL', async () => {
    const dbPort = await findFreePort();
    const { status, errorLines } = start({
      PORT: String(await findFreePort()),
      DATABASE_URL: `postgresql://u:p@127.0.0.1:${dbPort}/paralens`,
    });
    expect(status).toBe(1);
    expect(errorLines).toEqual([
      `paralens: cannot use the database at 127.0.0.1:${dbPort}/paralens (connection refused). Check DATABASE_URL, or unset it to use the embedded database. Nothing was changed.`,
    ]);
  }, 60_000);
});

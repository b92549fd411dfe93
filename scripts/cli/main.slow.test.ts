import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHelp, main } from './main';
import { runInMemory } from './memory-io';

const runMain = (args: string[]) => runInMemory((a, io) => main(a, io), args);
const script = path.resolve(import.meta.dirname, '..', 'paralens.mjs');

/** Wall-clock seconds of a node process, the best of three (the machine may be busy with other work). */
function fastest(args: string[]): { seconds: number; stdout: string; status: number | null } {
  let best = { seconds: Infinity, stdout: '', status: null as number | null };
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (seconds < best.seconds) best = { seconds, stdout: result.stdout, status: result.status };
  }
  return best;
}

// Slow only because the in-process tests load main's modules (seconds on a loaded two-core machine).
describe('paralens command line', { timeout: 60_000 }, () => {
  it('answers `paralens --help` from the list alone, as main prints it, in about the time node takes to start', () => {
    const help = fastest([script, '--help']);
    const bare = fastest(['-e', '0']);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(formatHelp());
    // it took 5 to 9 s when every command's module was loaded for its one line
    expect(help.seconds).toBeLessThan(bare.seconds + 0.5);
  });

  it('lists the commands with --help', async () => {
    const { code, stdout } = await runMain(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: paralens <command>');
    expect(stdout).toMatch(/corpora\s+List the corpora with their pair counts/);
  });

  it('exits 2 on an unknown command', async () => {
    const { code, stderr } = await runMain(['frobnicate']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "frobnicate"');
  });

  it('exits 2 with usage when no command is given', async () => {
    expect((await runMain([])).code).toBe(2);
  });

  it('accepts --debug anywhere before the command arguments', async () => {
    const { code, stdout } = await runMain(['--debug', '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/user\s+Create accounts/);
  });
});

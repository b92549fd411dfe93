import { describe, expect, it } from 'vitest';
import { main } from './main';
import { runInMemory } from './memory-io';

const runMain = (args: string[]) => runInMemory((a, io) => main(a, io), args);

// --help imports every command module for its description (most of the code graph): seconds on a
// loaded two-core machine, where vitest's 5 s default failed by chance.
describe('paralens command line', { timeout: 60_000 }, () => {
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

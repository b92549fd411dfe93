/**
 * The command list (commands.json) against the commands folder, and every listed command's
 * `--help`: `paralens --help` names no command that is not one (it once listed `corpora-tidy`, a
 * helper module whose `--help` crashed with "cmd.run is not a function"). Slow: it loads every
 * command module.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commands, internalCommands, main } from './main';
import { runInMemory } from './memory-io';

const moduleNames = readdirSync(new URL('./commands/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

describe('the commands of paralens', { timeout: 120_000 }, () => {
  it('are the modules of scripts/cli/commands, each listed once (or internal)', () => {
    const listed = commands.map((c) => c.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed, ...internalCommands].sort()).toEqual(moduleNames);
    for (const c of commands) expect(c.summary.length, c.name).toBeGreaterThan(10);
  });

  for (const { name } of commands)
    it(`${name} --help answers with its usage`, async () => {
      const { code, stdout, stderr } = await runInMemory((a, io) => main(a, io), [name, '--help']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`paralens ${name}\\b`));
    });

  it('a helper module is no command', async () => {
    const { code, stderr } = await runInMemory((a, io) => main(a, io), ['corpora-tidy', '--help']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "corpora-tidy"');
  });
});

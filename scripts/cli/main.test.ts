import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main } from './main';

function memoryIo() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const io: CliIo = { stdin: new PassThrough(), stdout, stderr, isTTY: false };
  return { io, out: () => out, err: () => err };
}

describe('paralens command line', () => {
  it('lists the commands with --help', async () => {
    const m = memoryIo();
    expect(await main(['--help'], m.io)).toBe(0);
    expect(m.out()).toContain('Usage: paralens <command>');
    expect(m.out()).toMatch(/corpora\s+List the corpora with their pair counts/);
  });

  it('exits 2 on an unknown command', async () => {
    const m = memoryIo();
    expect(await main(['frobnicate'], m.io)).toBe(2);
    expect(m.err()).toContain('unknown command "frobnicate"');
  });

  it('exits 2 with usage when no command is given', async () => {
    const m = memoryIo();
    expect(await main([], m.io)).toBe(2);
  });
});

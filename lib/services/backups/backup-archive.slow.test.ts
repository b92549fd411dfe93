/**
 * The backup archive is a plain tar that GNU tar lists and unpacks, with sizes and contents as written;
 * long member names use ustar's prefix field, and a damaged header or a file cut short is refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashMember, readMemberText, readTarIndex, TarWriter, tarHeader } from './backup-archive';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-tar-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('backup archive', () => {
  it('writes a tar that GNU tar reads, and reads it back by its headers', async () => {
    const source = path.join(dir, 'source.bin');
    const content = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await writeFile(source, content);
    const longName = `home/models/${'deep/'.repeat(25)}manifest.json`;
    const file = path.join(dir, 'a.tar');
    const writer = await TarWriter.create(file);
    const dump = await writer.addFile('database.dump', source);
    await writer.addBuffer(longName, Buffer.from('{"format":"x"}\n'));
    await writer.addBuffer('paralens-backup.json', Buffer.from('{}'));
    await writer.finish();

    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual([
      'database.dump',
      longName,
      'paralens-backup.json',
    ]);
    const out = path.join(dir, 'out');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xf', file, '-C', out]);
    expect((await readFile(path.join(out, 'database.dump'))).equals(content)).toBe(true);

    const index = await readTarIndex(file);
    expect(index.map((e) => [e.name, e.size])).toEqual([
      ['database.dump', 70_000],
      [longName, 15],
      ['paralens-backup.json', 2],
    ]);
    expect(await hashMember(file, index[0]!)).toBe(dump.sha256);
    expect(await readMemberText(file, index[1]!)).toBe('{"format":"x"}\n');
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const file = path.join(dir, 'b.tar');
    const writer = await TarWriter.create(file);
    await writer.addBuffer('x', Buffer.alloc(5000, 1));
    await writer.finish();
    const bytes = await readFile(file);
    bytes[10] = 0x41;
    await writeFile(path.join(dir, 'bad.tar'), bytes);
    await expect(readTarIndex(path.join(dir, 'bad.tar'))).rejects.toThrow(/damaged at byte 0/);
    await truncate(file, 3000);
    await expect(readTarIndex(file)).rejects.toThrow(/cut short/);
  });

  it('stores sizes past 8 GiB in the base-256 field', () => {
    const header = tarHeader('big', 10 * 2 ** 30, new Date(0));
    expect(header[124]).toBe(0x80);
    expect(header.readBigUInt64BE(128)).toBe(BigInt(10 * 2 ** 30));
  });
});

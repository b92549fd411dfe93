import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarHeader, writeTarGz } from './tar-gz';

describe('tar.gz writer', () => {
  it('writes ustar headers with a valid checksum (POSIX.1-1988)', () => {
    const header = tarHeader('a/README.md', 1234, new Date(0));
    expect(header.length).toBe(512);
    const stored = parseInt(header.subarray(148, 154).toString(), 8);
    const copy = Buffer.from(header);
    copy.fill(' ', 148, 156);
    expect(stored).toBe(copy.reduce((sum, b) => sum + b, 0));
    expect(header.subarray(257, 262).toString()).toBe('ustar');
    expect(parseInt(header.subarray(124, 135).toString(), 8)).toBe(1234);
  });
  it('GNU tar reads the archive back byte for byte', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paralens-tar-'));
    const readme = path.join(dir, 'README.md');
    const data = path.join(dir, 'train.jsonl');
    writeFileSync(readme, '# card\n');
    writeFileSync(data, `${'{"a":"é"}\n'.repeat(300)}`);
    const target = path.join(dir, 'out.tar.gz');
    await writeTarGz(
      [
        { name: 'set/README.md', file: readme },
        { name: 'set/data/train.jsonl', file: data },
      ],
      target,
    );
    const out = path.join(dir, 'x');
    execFileSync('mkdir', [out]);
    execFileSync('tar', ['-xzf', target, '-C', out]);
    expect(readFileSync(path.join(out, 'set/README.md'), 'utf8')).toBe('# card\n');
    expect(readFileSync(path.join(out, 'set/data/train.jsonl'))).toEqual(readFileSync(data));
  });
});

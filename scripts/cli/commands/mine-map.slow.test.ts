import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { mapXmlText } from '@/lib/jobs/mining/map-xml';
import { splitDumpXml, writeMultistream } from '@/lib/jobs/mining/testing/multistream-fixture';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { WIKITEXT, wikitextPath } from '@/lib/mining/testing/wikitext-datasets';

const cli = fileURLToPath(new URL('../../paralens.mjs', import.meta.url));

/** Runs `paralens mine-map` as Spark's rdd.pipe or Hadoop Streaming would: a child process, stdin in, stdout out. */
function runFilter(args: string[], input: string | Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'mine-map', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }));
    child.stdin.end(input);
  });
}

async function inProcess(xml: string, mode: 'paper' | 'fixed'): Promise<string> {
  const lines: string[] = [];
  await mapXmlText([xml], { mode, tagger: createWinkTagger() }, (line) => lines.push(line), 'test');
  return lines.join('');
}

describeWithDatasets(
  'paralens mine-map as a streaming filter (real dump excerpt)',
  () => {
    let cached: string | null = null;
    const dumpXml = () =>
      (cached ??= execFileSync(
        'bzip2',
        ['-dc', wikitextPath('gensim/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2')],
        { maxBuffer: 1 << 30 },
      ).toString('utf8'));

    for (const mode of ['paper', 'fixed'] as const) {
      it(`XML on stdin gives exactly the in-process map (${mode} mode)`, { timeout: 120_000 }, async () => {
        const expected = await inProcess(dumpXml(), mode);
        expect(expected.split('\n').length).toBeGreaterThan(1000);
        const result = await runFilter(['--mode', mode], dumpXml());
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toBe(expected);
      });
    }

    it('page records one per input line, as rdd.pipe feeds them, give the same rows', { timeout: 120_000 }, async () => {
      const parts = splitDumpXml(dumpXml());
      const records = parts.pages.map((p) => p.replace(/\s+$/, '')).join('\n');
      const result = await runFilter(['--mode', 'paper'], records);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(await inProcess(dumpXml(), 'paper'));
    });

    it('manifest lines of multistream byte ranges give the same rows as the whole XML', { timeout: 120_000 }, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'paralens-mine-map-'));
      const files = writeMultistream(splitDumpXml(dumpXml()), path.join(dir, 'multi.xml.bz2'), path.join(dir, 'index.txt'), 50);
      const offsets = [
        ...new Set(
          readFileSync(files.indexPath, 'utf8')
            .trim()
            .split('\n')
            .map((l) => Number(l.split(':')[0])),
        ),
      ];
      const size = readFileSync(files.dumpPath).length;
      const manifest = offsets.map((start, i) => `${files.dumpPath}\t${start}\t${offsets[i + 1] ?? size}`).join('\n');
      const result = await runFilter(['--mode', 'fixed'], `${manifest}\n`);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(await inProcess(dumpXml(), 'fixed'));
    });

    it('a bad manifest line fails with its number and exit code 1', { timeout: 60_000 }, async () => {
      const result = await runFilter([], 'not a manifest line\n');
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'paralens mine-map: manifest line 1: expected "FILE<TAB>START<TAB>END", found "not a manifest line"\n',
      );
    });
  },
  [WIKITEXT],
);

it('--plan prints one manifest line per chunk of a multistream dump', { timeout: 60_000 }, async () => {
  const { syntheticDump } = await import('@/lib/jobs/mining/testing/synthetic-pages');
  const dir = mkdtempSync(path.join(tmpdir(), 'paralens-mine-plan-'));
  const files = writeMultistream(splitDumpXml(syntheticDump()), path.join(dir, 'd.xml.bz2'), path.join(dir, 'i.txt'), 2);
  const result = execFileSync(
    process.execPath,
    [cli, 'mine-map', '--plan', files.dumpPath, '--index', files.indexPath, '--chunk-mb', '0'],
    { encoding: 'utf8' },
  );
  const lines = result.trim().split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(new RegExp(`^${files.dumpPath.replaceAll('.', '\\.')}\\t\\d+\\t\\d+$`));
  const manifest = await runFilter(['--mode', 'fixed'], result);
  expect(manifest.stdout).toBe(await inProcess(syntheticDump(), 'fixed'));
});

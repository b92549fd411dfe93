import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runInMemory } from '../memory-io';
import { run } from './export';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-cli-export-'));

describe('paralens export (DATABASE_URL)', () => {
  it('writes a filtered corpus as CSV and a Hugging Face folder, leaving no partial file', async () => {
    const corpus = await makeCorpus(getDb(), { licence: 'CC BY 4.0', attribution: 'The authors' });
    await makePairs(
      getDb(),
      corpus.id,
      Array.from({ length: 6 }, (_, i) => ({ a: `Text ${i} about a bridge`, b: `Other ${i}`, measures: { bleu: i / 6 } })),
    );
    const csv = path.join(dir, 'subset.csv');
    const done = await runInMemory(run, [
      '--corpus',
      corpus.slug,
      '--filter',
      'min.bleu=0.5&sort=-bleu',
      '--format',
      'csv',
      '--out',
      csv,
      '--include',
      'texts',
    ]);
    expect(done.stderr).toBe('');
    expect(done).toMatchObject({ code: 0 });
    expect(done.stdout).toMatch(/^Exported 3 rows/);
    const lines = readFileSync(csv, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'pair_id,corpus,original_id,cluster_id,a,b,type_a,type_b,page_a,page_b,image,length_a,length_b,reference_label,reference_score,reference_is_paraphrase,metadata',
    );
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual([
      '"Text 5 about a bridge"',
      '"Text 4 about a bridge"',
      '"Text 3 about a bridge"',
    ]);

    const hf = path.join(dir, 'hf');
    // a corpus by its name as well as its slug
    expect((await runInMemory(run, ['--corpus', corpus.name, '--format', 'hf', '--out', hf])).code).toBe(0);
    expect(readdirSync(hf).sort()).toEqual(['README.md', 'data']);
    expect(readFileSync(path.join(hf, 'README.md'), 'utf8')).toContain('- Attribution: The authors');
    expect(existsSync(`${hf}.partial`)).toBe(false);
    // an HF export never writes into an existing folder
    expect((await runInMemory(run, ['--corpus', corpus.slug, '--format', 'hf', '--out', hf])).code).toBe(2);
  });

  it('refuses bad arguments with exit code 2', async () => {
    const out = path.join(dir, 'x.jsonl');
    expect((await runInMemory(run, ['--format', 'jsonl', '--out', out])).code).toBe(2);
    expect((await runInMemory(run, ['--corpus', 'a', '--campaign', 'b', '--format', 'jsonl', '--out', out])).code).toBe(2);
    expect((await runInMemory(run, ['--corpus', 'a', '--format', 'xml', '--out', out])).code).toBe(2);
    expect((await runInMemory(run, ['--corpus', 'a', '--format', 'csv', '--out', out, '--include', 'raw'])).stderr).toMatch(
      /raw need a campaign/,
    );
    expect((await runInMemory(run, ['--corpus', 'a', '--format', 'csv', '--out', out, '--filter', 'colour=red'])).stderr).toMatch(
      /unknown filter parameter colour/,
    );
    const unknown = await runInMemory(run, ['--corpus', 'no-such-corpus-here', '--format', 'csv', '--out', out]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no corpus "no-such-corpus-here"/);
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { database } from '../database';
import { createSqlPool } from '../sql-pool';
import { listPairPage } from '../pairs/pair-list';
import { resolveCorpusSource } from './export-sources';
import { resolveViewSource } from './export-view-source';
import { parsePairFilter } from '@/lib/explore/pair-filter';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { runExport } from '@/lib/services/exports/run-export';

const pool = createSqlPool(process.env.DATABASE_URL!, 2);
afterAll(() => pool.end());
const dir = mkdtempSync(path.join(tmpdir(), 'paralens-view-export-'));

/** The ids the explorer shows for `query`, page after page (2 rows a page). */
async function viewRows(query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor = '';
  for (;;) {
    const parsed = parsePairFilter(new URLSearchParams(`${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const page = await listPairPage(pool, parsed.filter);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

describe('exporting an explorer view', () => {
  it('writes exactly the rows of every page of the view, in its order', async () => {
    const corpus = await makeCorpus(getDb());
    await makePairs(
      getDb(),
      corpus.id,
      Array.from({ length: 9 }, (_, i) => ({
        a: i % 3 === 0 ? `A bridge over the river, picture ${i}` : `A tower on a hill, picture ${i}`,
        b: `Second text ${i}`,
        measures: { bleu: i / 10, ...(i === 4 ? {} : { st: (9 - i) / 10 }) },
      })),
    );
    const query = `corpus=${corpus.slug}&min.bleu=0.1&sort=-st&density=compact`;
    const expected = await viewRows(query);
    expect(expected.length).toBe(8);
    const source = await resolveViewSource(getDb(), pool, query);
    const outPath = path.join(dir, 'view.jsonl');
    const result = await runExport({
      db: database(),
      source,
      format: 'jsonl',
      parts: ['texts', 'measures'],
      outPath,
    });
    expect(result.rows).toBe(8);
    const lines = readFileSync(outPath, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { pair_id: number });
    expect(lines.map((l) => l.pair_id)).toEqual(expected);
    expect(source.filter).toBe(`corpus=${corpus.slug}&min.bleu=0.1&sort=-st`);
  });

  it('--corpus with --filter: text search is plain text and narrows the corpus', async () => {
    const corpus = await makeCorpus(getDb());
    await makePairs(getDb(), corpus.id, [
      { a: 'Costs 100% (really)', b: 'x' },
      { a: 'Costs 100 dollars', b: 'y' },
      { a: "O'Brien's bridge", b: 'z' },
    ]);
    const base = (await resolveCorpusSource(getDb(), corpus.slug))!;
    for (const [q, n] of [
      ['100%', 1],
      ["'Brien", 1],
      ['bridge', 1],
      ['.*', 0],
    ] as const) {
      const source = await resolveViewSource(getDb(), pool, `q=${encodeURIComponent(q)}`, base);
      const outPath = path.join(dir, `q-${n}-${Math.random()}.csv`);
      const result = await runExport({
        db: database(),
        source,
        format: 'csv',
        parts: ['texts'],
        outPath,
      });
      expect(result.rows, q).toBe(n);
    }
  });

  it('bad filters are refused with what is wrong', async () => {
    await expect(resolveViewSource(getDb(), pool, 'min.nosuch=1')).rejects.toThrow(/nosuch/);
    await expect(resolveViewSource(getDb(), pool, 'corpus=no-such-corpus-anywhere')).rejects.toThrow(/no corpus/);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { DUMP_EXCERPTS, WIKITEXT, wikitextPath } from '@/lib/mining/testing/wikitext-datasets';
import type { RunMiningOptions } from './run-mining';
import { mineInTest } from '@/lib/jobs/mining/testing/mine-in-test';
import { splitDumpXml, writeMultistream } from '@/lib/jobs/mining/testing/multistream-fixture';

const mine = (extra: Partial<RunMiningOptions>) => mineInTest({ tier: 'silver', ...extra });

describeWithDatasets(
  'the real dump excerpts of ../shared/datasets/wikitext',
  () => {
    const gensim = wikitextPath('gensim/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2');

    it(
      'gensim: the single-stream bz2 and a multistream file built from it (50 pages a stream) agree',
      { timeout: 240_000 },
      async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'paralens-mine-excerpt-'));
        const xml = execFileSync('bzip2', ['-dc', gensim], { maxBuffer: 1 << 30 }).toString('utf8');
        const files = writeMultistream(splitDumpXml(xml), path.join(dir, 'multi.xml.bz2'), path.join(dir, 'multi-index.txt'), 50);
        expect(files.pages).toBe(206);
        const single = await mine({ dumpPath: gensim });
        expect(single.status, single.message ?? '').toBe('SUCCEEDED');
        // README of the shared folder: 206 pages, 205 in namespace 0
        expect(single.map).toMatchObject({ pages: 206 });
        expect(single.funnel[0]!.references).toBeGreaterThan(1000);
        const multi = await mine({ dumpPath: files.dumpPath, indexPath: files.indexPath, chunkBytes: 1 });
        expect(multi.status, multi.message ?? '').toBe('SUCCEEDED');
        expect(multi.map).toMatchObject({ pages: 206, chunksTotal: 5 });
        expect(multi.funnel).toEqual(single.funnel);
        // plain XML too
        const plain = path.join(dir, 'plain.xml');
        writeFileSync(plain, xml);
        expect((await mine({ dumpPath: plain })).funnel).toEqual(single.funnel);
      },
    );

    it('every shared excerpt mines without error (paper and fixed mode)', { timeout: 600_000 }, async () => {
      for (const excerpt of DUMP_EXCERPTS) {
        for (const mode of ['paper', 'fixed'] as const) {
          const report = await mine({ dumpPath: wikitextPath(excerpt), mode, workers: 1 });
          expect(report.status, `${excerpt} (${mode}): ${report.message}`).toBe('SUCCEEDED');
          expect(report.funnel).toHaveLength(10);
        }
      }
    });
  },
  [WIKITEXT],
);

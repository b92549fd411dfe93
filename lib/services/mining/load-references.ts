/**
 * `paralens mine --from-references FILE`: reference rows produced elsewhere (`paralens mine-map` on
 * a Spark or Hadoop cluster, part files concatenated) are checked line by line and COPYed into the
 * run's staging table as its one chunk, in one transaction; the reduce then runs as usual.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Db } from '@/lib/db/client';
import { updateMiningProgress } from '@/lib/db/mining/mining-runs';
import { type MiningConnection, loadReferenceChunk } from '@/lib/db/mining/mining-staging';
import { decodeReferenceRow } from '@/lib/mining/reference-rows';
import { MiningInputError } from './input-errors';

export async function planReferencesFile(path: string) {
  const info = await stat(path).catch(() => {
    throw new MiningInputError(`the references file ${path} does not exist`);
  });
  return { size: info.size, mtime: info.mtime, chunks: [{ index: 0, start: 0, end: info.size, expectedPages: null }] };
}

async function* checkedLines(path: string, totals: { references: number; pages: number }): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(path, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  let lineNumber = 0;
  let lastPage = -1;
  for await (const line of lines) {
    lineNumber++;
    if (line === '') continue;
    const row = decodeReferenceRow(line);
    if (typeof row === 'string')
      throw new MiningInputError(`${path} line ${lineNumber}: ${row} (expected the output of paralens mine-map)`);
    totals.references++;
    if (row.pageId !== lastPage) {
      totals.pages++;
      lastPage = row.pageId;
    }
    yield `${line}\n`;
  }
}

export async function loadReferencesFile(client: MiningConnection, db: Db, runId: number, path: string): Promise<void> {
  const totals = { references: 0, pages: 0 };
  await loadReferenceChunk(client, runId, checkedLines(path, totals), totals);
  const { size } = await stat(path);
  await updateMiningProgress(db, runId, { chunksDone: 1, bytesDone: size, pages: totals.pages, references: totals.references });
}

/**
 * Publishes the pairs that survived the reduce through the existing import pipeline: they are
 * written as a Wikipedia-IPC JSON Lines file (the format lib/import reads) and imported with
 * runImport, which computes every measure and commits all or nothing, keeping each caption's page
 * and image as provenance.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { Database } from '@/lib/db/database';
import type { MiningConnection } from '@/lib/db/mining/mining-staging';
import { ensureCorpus } from '@/lib/db/corpora/corpora';
import { readSurvivingPairs } from '@/lib/db/mining/mining-reduce';
import { formatIpcRecord } from '@/lib/mining/ipc-record';
import type { MiningTier } from '@/lib/mining/mining-options';
import { runImport, type ImportProgress, type ImportReport } from '@/lib/services/imports/run-import';

export interface PublishOptions {
  db: Database;
  client: MiningConnection;
  runId: number;
  corpusName: string;
  tier: MiningTier;
  source: string;
  createdById?: number | null;
  onImportProgress?: (progress: ImportProgress) => void;
}

export interface PublishResult {
  pairs: number;
  corpus: { id: number; name: string; slug: string; created: boolean } | null;
  report: ImportReport | null;
}

async function writePairs(client: MiningConnection, runId: number, file: string): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  let cluster = 0;
  let lastImage: string | null = null;
  for await (const batch of readSurvivingPairs(client, runId)) {
    let text = '';
    for (const pair of batch) {
      if (pair.imageKey !== lastImage) {
        cluster++;
        lastImage = pair.imageKey;
      }
      text += `${formatIpcRecord(pair, cluster)}\n`;
      count++;
    }
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return count;
}

export async function publishPairs(o: PublishOptions): Promise<PublishResult> {
  const dir = await mkdtemp(path.join(tmpdir(), `paralens-mine-${o.runId}-`));
  try {
    const file = path.join(dir, `wikipedia-ipc-${o.tier}.jsonl`);
    const pairs = await writePairs(o.client, o.runId, file);
    if (pairs === 0) return { pairs, corpus: null, report: null };
    const corpus = await ensureCorpus(o.db, {
      name: o.corpusName,
      tier: o.tier === 'gold' ? 'GOLD' : 'SILVER',
      source: `Mined by paralens mine from ${o.source} (run #${o.runId})`,
      licence: 'CC BY-SA (Wikipedia text)',
      attribution: 'Captions from English Wikipedia articles, CC BY-SA; each pair links the articles it comes from.',
      description: null,
    });
    const report = await runImport({
      db: o.db,
      filePath: file,
      fileName: `mining run #${o.runId} (${path.basename(file)})`,
      corpusId: corpus.id,
      createdById: o.createdById ?? null,
      format: 'wikipedia-ipc',
      tier: o.tier,
      ...(o.onImportProgress ? { onProgress: o.onImportProgress } : {}),
    });
    return { pairs, corpus: { id: corpus.id, name: corpus.name, slug: corpus.slug, created: corpus.created }, report };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

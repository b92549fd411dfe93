/**
 * Model runs in exports: a campaign export with the `models` part has each run's answer, vote share
 * and expected rating per question beside the annotators' aggregates (and nothing of them without the
 * part); a Hugging Face export also holds each run's requests with their provenance as a file of its
 * own, named in the dataset card.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { resolveCampaignSource } from '@/lib/db/exports/export-sources';
import { makeFinishedRun } from '@/lib/db/testing/model-run';
import { makeRatedCampaign } from '@/lib/db/testing/rated-campaign';
import { modelAnswersFile, runExport } from '@/lib/services/exports/run-export';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-model-export-'));
const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function campaignWithRun() {
  const db = getDb();
  const rated = await makeRatedCampaign(db, {
    annotators: 2,
    questions: ['semantic', 'relation'],
    pairs: Array.from({ length: 6 }, (_, i) => ({
      measures: { syn: 0.5, sem: 0.5 },
      answers: [
        { semantic: i % 5, relation: 'forward' },
        { semantic: (i + 1) % 5, relation: 'equivalence' },
      ],
    })),
  });
  const answer = (i: number) => ({ semantic: (i + 2) % 5, relation: i % 2 === 0 ? 'reverse' : 'exclusion' });
  const { run } = await makeFinishedRun(db, {
    campaignId: rated.campaign.id,
    pairIds: rated.pairIds,
    questions: ['semantic', 'relation'],
    answer,
    expected: (i) => ({ semantic: ((i + 2) % 5) + 0.25 }),
  });
  return { ...rated, run, answer };
}

describe('model runs in exports', () => {
  it('puts each run’s answers beside the aggregates, and leaves them out without the part', async () => {
    const db = getDb();
    const { campaign, run, answer, pairIds } = await campaignWithRun();
    const source = (await resolveCampaignSource(db, campaign.slug))!;
    expect(source.modelRuns?.map((r) => r.id)).toEqual([run.id]);
    const outPath = path.join(dir, `${campaign.slug}.jsonl`);
    await runExport({
      db: database(),
      source,
      format: 'jsonl',
      parts: ['aggregated', 'models'],
      outPath,
    });
    const rows = readJsonl(outPath);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const i = pairIds.indexOf(row.pair_id as number);
      expect(row[`model_${run.id}_semantic`]).toBe(answer(i).semantic);
      expect(row[`model_${run.id}_semantic_confidence`]).toBe(1);
      expect(row[`model_${run.id}_semantic_expected`]).toBe(answer(i).semantic + 0.25);
      expect(row[`model_${run.id}_relation`]).toBe(answer(i).relation);
      expect(row).toHaveProperty('semantic_final');
    }
    const without = path.join(dir, `${campaign.slug}-without.csv`);
    await runExport({
      db: database(),
      source,
      format: 'csv',
      parts: ['aggregated'],
      outPath: without,
    });
    expect(readFileSync(without, 'utf8').split('\n')[0]).not.toContain('model_');
  });

  it('writes each run’s requests with their provenance as a file of the Hugging Face folder, named in the card', async () => {
    const db = getDb();
    const { campaign, run } = await campaignWithRun();
    const source = (await resolveCampaignSource(db, campaign.slug))!;
    const outPath = path.join(dir, `${campaign.slug}-hf`);
    await runExport({ db: database(), source, format: 'hf', parts: ['texts', 'models'], outPath });
    const requests = readJsonl(path.join(outPath, modelAnswersFile(run.id)));
    expect(requests).toHaveLength(6);
    expect(requests[0]).toMatchObject({
      status: 'ok',
      model: 'test-model',
      system_fingerprint: 'fp_test',
      format: 'json_schema',
    });
    const card = readFileSync(path.join(outPath, 'README.md'), 'utf8');
    expect(card).toContain('## Model raters');
    expect(card).toContain(modelAnswersFile(run.id));
    expect(card).toContain('model:test-model@prompt-v1');
  });
});

/**
 * Imports every pair-bearing file of ../shared/datasets and checks the row counts and label
 * distributions that its README.md publishes (counted there with Python's csv module using
 * QUOTE_NONE, and checked against each corpus's own published figures).
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DATASET_FILES, DATASETS } from './dataset-files';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { openImportFile } from './open-import-file';
import { readLines } from './read-lines';
import { streamOf } from './test-support';
import type { JsonValue, PairRecord } from './types';

async function importFile(path: string, map?: string): Promise<{ format: string; records: PairRecord[]; errors: string[] }> {
  const stream = await openImportFile(DATASETS + path, map ? { map } : {});
  const records: PairRecord[] = [];
  const errors: string[] = [];
  for await (const item of stream.items) {
    if (item.ok) records.push(item.record);
    else errors.push(`line ${item.error.lineNumber}: ${item.error.message}`);
  }
  return { format: stream.format, records, errors };
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

const asText = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : JSON.stringify(value));

const paraphraseCounts = (records: readonly PairRecord[]) => countBy(records, (r) => String(r.isParaphrase));

describeWithDatasets('reference corpora in ../shared/datasets import with their published row counts', () => {
  it.each(DATASET_FILES.map((f) => [f.path, f] as const))('%s', async (_path, file) => {
    const { format, records, errors } = await importFile(file.path, file.map);
    expect(errors).toEqual([]);
    expect(format).toBe(file.format);
    expect(records).toHaveLength(file.records);
  });

  it('MSRPC: 2,753 + 1,147 = 3,900 positive pairs of 5,801', async () => {
    expect(paraphraseCounts((await importFile('msrpc/msr_paraphrase_train.txt')).records)).toEqual({ true: 2753, false: 1323 });
    expect(paraphraseCounts((await importFile('msrpc/msr_paraphrase_test.txt')).records)).toEqual({ true: 1147, false: 578 });
  });

  it('SICK.txt: NLI labels, relatedness 1-5 with mean 3.53, SemEval_set split', async () => {
    const { records } = await importFile('sick/SICK.txt');
    expect(countBy(records, (r) => r.referenceLabel ?? '')).toEqual({ NEUTRAL: 5595, ENTAILMENT: 2821, CONTRADICTION: 1424 });
    expect(countBy(records, (r) => asText(r.metadata.SemEval_set))).toEqual({ TRAIN: 4439, TRIAL: 495, TEST: 4906 });
    const scores = records.map((r) => r.referenceScore ?? NaN);
    expect(Math.min(...scores)).toBe(1);
    expect(Math.max(...scores)).toBe(5);
    expect(scores.reduce((s, x) => s + x, 0) / scores.length).toBeCloseTo(3.53, 2);
  });

  it('STS-B: 9-field rows keep their source columns (197 / 22 / 284) and score means match', async () => {
    const expected = {
      'stsb/sts-train.csv': [197, 2.7],
      'stsb/sts-dev.csv': [22, 2.36],
      'stsb/sts-test.csv': [284, 2.61],
    } as const;
    for (const [path, [withSource, mean]] of Object.entries(expected)) {
      const { records } = await importFile(path);
      expect(records.filter((r) => r.metadata.sourceA !== undefined)).toHaveLength(withSource);
      expect(records.reduce((s, r) => s + (r.referenceScore ?? 0), 0) / records.length).toBeCloseTo(mean, 2);
    }
  });

  it('PAWS: 3,539 / 3,536 positive, 7 / 13 pairs with identical sentences', async () => {
    const dev = (await importFile('paws/dev.tsv')).records;
    const test = (await importFile('paws/test.tsv')).records;
    expect(paraphraseCounts(dev).true).toBe(3539);
    expect(paraphraseCounts(test).true).toBe(3536);
    expect(dev.filter((r) => r.a.text === r.b.text)).toHaveLength(7);
    expect(test.filter((r) => r.a.text === r.b.text)).toHaveLength(13);
  });

  it('PIT-2015: README mapping gives 1,470 / 2,672 / 585 on dev (129 topics) and 175 / 663 / 134 on test', async () => {
    const dev = (await importFile('pit2015/dev.data')).records;
    expect(paraphraseCounts(dev)).toEqual({ true: 1470, false: 2672, null: 585 });
    expect(new Set(dev.map((r) => r.clusterId)).size).toBe(129);
    expect(countBy(dev, (r) => r.referenceLabel ?? '')).toEqual({
      '(0, 5)': 1748,
      '(1, 4)': 924,
      '(2, 3)': 585,
      '(3, 2)': 522,
      '(4, 1)': 537,
      '(5, 0)': 411,
    });
    const test = (await importFile('pit2015/test.data')).records;
    expect(paraphraseCounts(test)).toEqual({ true: 175, false: 663, null: 134 });
    expect(new Set(test.map((r) => r.clusterId)).size).toBe(40);
  });

  it('PIT-2015 test.label agrees with what test.data import derives (so test.label needs no import of its own)', async () => {
    const test = (await importFile('pit2015/test.data')).records;
    const labels = (await readFile(DATASETS + 'pit2015/test.label', 'utf8')).trim().split('\n');
    expect(labels).toHaveLength(test.length);
    labels.forEach((line, i) => {
      const [verdict, score] = line.split('\t');
      const record = test[i];
      expect(verdict).toBe(record?.isParaphrase === null ? '----' : String(record?.isParaphrase));
      expect(Number(score)).toBeCloseTo((record?.referenceScore ?? NaN) / 5, 10);
    });
  });

  it('Twitter URL: vote distribution, 9,334 without n = 3 (1,821 / 7,513), 270 non-URL last fields, 771 headlines', async () => {
    const { records } = await importFile('twitter-url/Twitter_URL_Corpus_testNew.larger.txt');
    expect(countBy(records, (r) => r.referenceLabel ?? '')).toEqual({
      '(0,6)': 4665,
      '(1,6)': 1860,
      '(2,6)': 988,
      '(3,6)': 786,
      '(4,6)': 583,
      '(5,6)': 602,
      '(6,6)': 636,
    });
    expect(paraphraseCounts(records)).toEqual({ true: 1821, false: 7513, null: 786 });
    expect(records.filter((r) => r.metadata.urlFieldText !== undefined)).toHaveLength(270);
    expect(new Set(records.map((r) => r.a.text)).size).toBe(771);
  });

  it('MultiPIT expert: 2,459 / 239 / 254 positive, 20 / 6 / 2 identical pairs; NMR: 200 sources', async () => {
    const expected = { train: [2459, 20], val: [239, 6], test: [254, 2] } as const;
    for (const [split, [positive, identical]] of Object.entries(expected)) {
      const { records } = await importFile(`multipit/expert/${split}.csv`);
      expect(paraphraseCounts(records).true).toBe(positive);
      expect(records.filter((r) => r.a.text === r.b.text)).toHaveLength(identical);
    }
    const nmr = (await importFile('multipit/nmr/test_new.json')).records;
    expect(new Set(nmr.map((r) => r.clusterId)).size).toBe(200);
  });

  it('paraphrases-in-interviews items: 842 / 843 judgments, 468 / 374 positive', async () => {
    for (const [split, judgments, positive] of [
      ['dev', 842, 468],
      ['test', 843, 374],
    ] as const) {
      const { records } = await importFile(
        `paraphrases-in-interviews/derived_items_${split}.csv`,
        'a=guest_text,b=host_text,id=qid',
      );
      expect(records.reduce((s, r) => s + Number(r.metadata.votes_total), 0)).toBe(judgments);
      expect(records.reduce((s, r) => s + Number(r.metadata.votes_paraphrase), 0)).toBe(positive);
      expect(records.filter((r) => r.a.text.includes('\n') || r.b.text.includes('\n')).length).toBeGreaterThan(0);
    }
  });

  it('SICK re-annotation: 1,179 per-annotator rows over 393 (sheet, pair) items', async () => {
    const { records } = await importFile(
      'sick-reannotation-kalouli2019/derived_per_annotator_labels.csv',
      'a=sentence_A,b=sentence_B,id=pair_id,label=label',
    );
    expect(new Set(records.map((r) => `${asText(r.metadata.sheet)}/${r.originalId}`)).size).toBe(393);
    expect(countBy(records, (r) => r.referenceLabel ?? '')).toEqual({ E: 408, C: 396, N: 360, D: 15 });
  });

  it('decodes the UTF-16 LE ANON_dev.tsv: header + 3,368 rows of 6 columns', async () => {
    const bytes = await readFile(DATASETS + 'paraphrases-in-interviews/ANON_dev.tsv');
    const lines = [];
    for await (const line of readLines(streamOf(bytes, 4099))) lines.push(line);
    expect(lines[0]?.text).toBe('QID\tCategory\tHighlighted\tAnnotator\tSession\tSession_Start');
    expect(lines.filter((l) => l.text !== '')).toHaveLength(3369);
    expect(lines.every((l) => l.text === '' || l.text.split('\t').length === 6)).toBe(true);
  });
});

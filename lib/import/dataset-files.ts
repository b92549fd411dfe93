/**
 * The pair-bearing files of the shared reference corpora (../shared/datasets, outside the
 * repository; docs/sources.md#reference-corpora) with their row counts, for the
 * dataset tests. The folder is referenced, never copied into the project; tests use
 * lib/testing/shared-datasets.ts (skip with a message, fail under CI, when it is absent).
 */
import { fileURLToPath } from 'node:url';
import type { ImportFormat } from './types';

export const DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

export interface DatasetFile {
  path: string;
  format: ImportFormat;
  /** Number of records in the file, as listed with the shared copy of the corpora. */
  records: number;
  map?: string;
  /**
   * How the broken copy is made: `fields` cuts a line to 3 tab-separated fields, `csv` appends a
   * field to the last record, `json` spoils one member.
   */
  corrupt: 'fields' | 'csv' | 'json';
}

export const DATASET_FILES: readonly DatasetFile[] = [
  { path: 'msrpc/msr_paraphrase_train.txt', format: 'msrpc', records: 4076, corrupt: 'fields' },
  { path: 'msrpc/msr_paraphrase_test.txt', format: 'msrpc', records: 1725, corrupt: 'fields' },
  { path: 'sick/SICK.txt', format: 'sick', records: 9840, corrupt: 'fields' },
  { path: 'sick/semeval2014/SICK_train.txt', format: 'sick', records: 4500, corrupt: 'fields' },
  { path: 'sick/semeval2014/SICK_trial.txt', format: 'sick', records: 500, corrupt: 'fields' },
  { path: 'sick/semeval2014/SICK_test_annotated.txt', format: 'sick', records: 4927, corrupt: 'fields' },
  { path: 'stsb/sts-train.csv', format: 'stsb', records: 5749, corrupt: 'fields' },
  { path: 'stsb/sts-dev.csv', format: 'stsb', records: 1500, corrupt: 'fields' },
  { path: 'stsb/sts-test.csv', format: 'stsb', records: 1379, corrupt: 'fields' },
  { path: 'paws/dev.tsv', format: 'paws', records: 8000, corrupt: 'fields' },
  { path: 'paws/test.tsv', format: 'paws', records: 8000, corrupt: 'fields' },
  { path: 'pit2015/dev.data', format: 'pit2015', records: 4727, corrupt: 'fields' },
  { path: 'pit2015/test.data', format: 'pit2015', records: 972, corrupt: 'fields' },
  { path: 'twitter-url/Twitter_URL_Corpus_testNew.larger.txt', format: 'twitter-url', records: 10120, corrupt: 'fields' },
  { path: 'twitter-url/samples/Twitter_URL_Corpus_train_sample.txt', format: 'twitter-url', records: 100, corrupt: 'fields' },
  { path: 'twitter-url/samples/Twitter_URL_Corpus_test_sample.txt', format: 'twitter-url', records: 100, corrupt: 'fields' },
  { path: 'multipit/expert/train.csv', format: 'multipit', records: 4458, corrupt: 'csv' },
  { path: 'multipit/expert/val.csv', format: 'multipit', records: 555, corrupt: 'csv' },
  { path: 'multipit/expert/test.csv', format: 'multipit', records: 557, corrupt: 'csv' },
  { path: 'multipit/auto/val.csv', format: 'multipit', records: 215, corrupt: 'csv' },
  { path: 'multipit/nmr/test_new.json', format: 'multipit-nmr', records: 200 * 8, corrupt: 'json' },
  {
    path: 'paraphrases-in-interviews/derived_items_dev.csv',
    format: 'csv',
    records: 88,
    map: 'a=guest_text,b=host_text,id=qid',
    corrupt: 'csv',
  },
  {
    path: 'paraphrases-in-interviews/derived_items_test.csv',
    format: 'csv',
    records: 92,
    map: 'a=guest_text,b=host_text,id=qid',
    corrupt: 'csv',
  },
  // Per-annotator rows (393 pairs x 3 annotators), not one row per pair: see docs/import-formats.md.
  {
    path: 'sick-reannotation-kalouli2019/derived_per_annotator_labels.csv',
    format: 'csv',
    records: 1179,
    map: 'a=sentence_A,b=sentence_B,id=pair_id,label=label',
    corrupt: 'csv',
  },
];

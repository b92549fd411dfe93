/**
 * The shared real-wikitext data (../shared/datasets/wikitext, see its README.md) for the mining
 * tests and benchmark: referenced, never copied. Tests wrap themselves in
 * `describeWithDatasets(name, fn, [WIKITEXT])` (lib/testing/shared-datasets.ts) and read files only
 * inside their tests, since a skipped describe still runs its body.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sharedDatasetPath } from '@/lib/testing/shared-datasets';

export const WIKITEXT = 'wikitext';

/** Absolute path of a file in the shared wikitext folder. */
export function wikitextPath(relative: string): string {
  return sharedDatasetPath(WIKITEXT, relative);
}

export function readWikitextFile(relative: string): string {
  return readFileSync(wikitextPath(relative), 'utf8');
}

/** The dump excerpts of the shared folder (README "Overview"), for end-to-end runs. */
export const DUMP_EXCERPTS = [
  'wp2txt/2022-07_fc60963/testdata_en.bz2',
  'wp2txt/2014-11_ad8949a/testdata_en.bz2',
  'gensim/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2',
  'gensim/enwiki-table-markup.xml.bz2',
  'dbpedia/minidumps-en-wiki.xml.bz2',
  'wiki_dump_extractor/tiny_dump.xml.bz2',
  'wikipedia2vec/enwiki-pages-articles-sample.xml.bz2',
  'bliki/enwiki-20150112-pages-articles1.xml.bz2',
  'pywikibot/article-pear-0.10.xml',
] as const;

/** A dump excerpt's XML bytes (decompressed when it is a .bz2). */
export function readDumpExcerpt(excerpt: (typeof DUMP_EXCERPTS)[number]): Buffer {
  const file = wikitextPath(excerpt);
  return excerpt.endsWith('.bz2') ? execFileSync('bzip2', ['-dc', file], { maxBuffer: 1 << 30 }) : readFileSync(file);
}

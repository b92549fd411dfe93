/**
 * The shared real-wikitext data (../shared/datasets/wikitext, see its README.md) for the mining
 * tests and benchmark: referenced, never copied (PARALENS_DATASETS points at another copy of the
 * datasets folder). When the folder is absent the tests that need it are skipped with a visible
 * message, except under CI=true, where a missing folder fails the run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { DATASETS } from '@/lib/import/dataset-files';

export const WIKITEXT_DIR = path.join(process.env.PARALENS_DATASETS ?? DATASETS, 'wikitext');
export const HAS_WIKITEXT = existsSync(WIKITEXT_DIR);

/** Absolute path of a file in the shared wikitext folder. */
export function wikitextPath(relative: string): string {
  return path.join(WIKITEXT_DIR, relative);
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

/**
 * `describe` for tests that read the shared wikitext: skipped with a message when the folder is
 * missing, and failing under CI=true.
 */
export function describeWithWikitext(name: string, body: () => void): void {
  if (HAS_WIKITEXT) {
    describe(name, body);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs the shared wikitext data', () => {
        throw new Error(`${WIKITEXT_DIR} is missing: CI must run the mining tests on the real data`);
      });
    });
    return;
  }
  console.warn(`[skipped] ${WIKITEXT_DIR} is absent: "${name}" did not run.`);
  // The body reads the data while collecting, so it must not run at all.
  describe(name, () => {
    it.skip(`needs ${WIKITEXT_DIR}`, () => {});
  });
}

/** RFC 4180 rows of a small CSV file (quoted fields, `""` escapes, no header handling). */
export function parseSmallCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/**
 * Pins the map step's output on every shared dump excerpt, in both modes: the number of reference
 * rows and the SHA-256 of the rows as `paralens mine-map` writes them. The figures were taken with
 * the map as it was before the speed work of 2026-11-23 (main at b3b454a), so any change to what
 * is mined (references, captions, alt texts, word counts, sentence and verb flags, pair keys) fails
 * here. To see what changed, write the rows with both versions (mapXmlText over the excerpt) and
 * diff them; update a pin only for an intended change of the miner's output.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { DUMP_EXCERPTS, readDumpExcerpt, WIKITEXT } from '@/lib/mining/testing/wikitext-datasets';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { mapXmlText } from './map-xml';

type Excerpt = (typeof DUMP_EXCERPTS)[number];

const PINNED: Record<'paper' | 'fixed', Record<Excerpt, [rows: number, sha256: string]>> = {
  paper: {
    'wp2txt/2022-07_fc60963/testdata_en.bz2': [1853, '08ca2afb1991e49175c900c2ca41ede17bddafe747f195f325840001dec1c44a'],
    'wp2txt/2014-11_ad8949a/testdata_en.bz2': [1834, 'cefa12193de3658ca76c9ad6a50da1e15f3f6b99527c8e308d5658a5d2ec1943'],
    'gensim/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2': [
      1106,
      '3a66f654cf57908e2e8293847c57ea12ddfa33da9bfcb51bf14c35d98b238d1e',
    ],
    'gensim/enwiki-table-markup.xml.bz2': [19, 'a4fcdfe20b1c21decf96243787ca49432e04ec14f58af68d66e033a22f513115'],
    'dbpedia/minidumps-en-wiki.xml.bz2': [247, 'cb33b33c968aa5b19953dd1a6dfc3d9c57d379ae9fc934a9151b4fcf93f7670b'],
    'wiki_dump_extractor/tiny_dump.xml.bz2': [138, 'e9d69c36776a44ba5b7519a31ed77f5c9ff564b9a42176bef8712040d523494d'],
    'wikipedia2vec/enwiki-pages-articles-sample.xml.bz2': [
      11,
      '22bbca365d6779c19267ae46fed0ed336b0a9494d9539e40690df7731bcd9193',
    ],
    'bliki/enwiki-20150112-pages-articles1.xml.bz2': [17, '99140a1b0b82d8aca8f7ecc803741be5a4c1094ff1ef53333fc3d066e7de77f1'],
    'pywikibot/article-pear-0.10.xml': [9, '726e8daef1df96f0fe6d5821e1a4c0c02765bdd03df362865933be2692591263'],
  },
  fixed: {
    'wp2txt/2022-07_fc60963/testdata_en.bz2': [1998, '5733c74f59c17ed24980d01f31ac48c0a97e1cbfd569591087534169c7a5f559'],
    'wp2txt/2014-11_ad8949a/testdata_en.bz2': [1951, 'eb390f8a7f7a3d7a004a55a180c2d8c099e80cad3519af1466c6b0d488c33d00'],
    'gensim/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2': [
      1202,
      'e38838ed433b5bae73aad2c789dc0ae42f34f009b771544663f7507d9991ee69',
    ],
    'gensim/enwiki-table-markup.xml.bz2': [19, 'd6443a8b0024127346b590ede678e12a9820cea48b681dc60c34ce7ce435ce92'],
    'dbpedia/minidumps-en-wiki.xml.bz2': [267, '22956ed653ce30d7bc2a93cc15c7cd6377f9bd72e44149397698065d7fdba4dc'],
    'wiki_dump_extractor/tiny_dump.xml.bz2': [154, '8d3d44fdc2365240bf88df7ab19831f1ed3be92dfd9511a114d97f2101939ac1'],
    'wikipedia2vec/enwiki-pages-articles-sample.xml.bz2': [
      11,
      '22bbca365d6779c19267ae46fed0ed336b0a9494d9539e40690df7731bcd9193',
    ],
    'bliki/enwiki-20150112-pages-articles1.xml.bz2': [17, 'd93cab24bdac572184074bac6a7b125d1422b8e208763916219b42930621b77b'],
    'pywikibot/article-pear-0.10.xml': [9, '726e8daef1df96f0fe6d5821e1a4c0c02765bdd03df362865933be2692591263'],
  },
};

/** The bytes in pieces of `size` (cut anywhere, inside characters too), as a decompressor delivers them. */
function* pieces(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describeWithDatasets(
  'the reference rows of the shared dump excerpts are pinned (both modes)',
  () => {
    const tagger = createWinkTagger();
    for (const mode of ['paper', 'fixed'] as const) {
      it(`${mode} mode: the rows of every excerpt, whole and in 64 KiB pieces`, { timeout: 120_000 }, async () => {
        for (const excerpt of DUMP_EXCERPTS) {
          const bytes = readDumpExcerpt(excerpt);
          for (const input of [[bytes.toString('utf8')], pieces(bytes, 1 << 16)]) {
            const lines: string[] = [];
            await mapXmlText(input, { mode, tagger }, (line) => lines.push(line), excerpt);
            const digest = createHash('sha256').update(lines.join('')).digest('hex');
            expect([lines.length, digest], `${mode} ${excerpt}`).toEqual(PINNED[mode][excerpt]);
          }
        }
      });
    }
  },
  [WIKITEXT],
);

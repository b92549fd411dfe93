/**
 * Makes enwiki-2014-ankara-anatolia-excerpt.xml.bz2 (README.md here) from wp2txt's November 2014
 * dump excerpt in ../shared/datasets/wikitext: the dump's header (siteinfo) and its pages "Ankara"
 * and "Anatolia", byte for byte, in dump order, then the closing tag the truncated original lacks;
 * compressed with `bzip2 -9` (deterministic: the same input gives the same file).
 *
 *   npx tsx prisma/demo/make-dump-excerpt.ts [path/to/testdata_en.bz2]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TITLES = ['Ankara', 'Anatolia'];
const source =
  process.argv[2] ??
  fileURLToPath(new URL('../../../shared/datasets/wikitext/wp2txt/2014-11_ad8949a/testdata_en.bz2', import.meta.url));
const target = fileURLToPath(new URL('./enwiki-2014-ankara-anatolia-excerpt.xml.bz2', import.meta.url));

const xml = execFileSync('bzip2', ['-dc', source], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
const header = xml.slice(0, xml.indexOf('  <page>'));
const pages = [...xml.matchAll(/ {2}<page>[\s\S]*?<\/page>\n/g)]
  .map((m) => m[0])
  .filter((page) => TITLES.includes(/<title>(.*?)<\/title>/.exec(page)?.[1] ?? ''));
if (pages.length !== TITLES.length) throw new Error(`found ${pages.length} of the pages ${TITLES.join(', ')} in ${source}`);
const excerpt = `${header}${pages.join('')}</mediawiki>\n`;
writeFileSync(target, execFileSync('bzip2', ['-9', '-c'], { input: excerpt, maxBuffer: 16 * 1024 * 1024 }));
console.log(`wrote ${target}`);

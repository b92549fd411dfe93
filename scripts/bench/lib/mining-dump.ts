/**
 * The benchmark's dump: the namespace-0 pages of the real excerpts in ../shared/datasets/wikitext,
 * repeated with new titles and ids until the XML reaches the target size, written in the
 * multistream layout (100 pages a stream) with its index. File names in copy k get a suffix shared
 * by three copies, so images keep being reused by a few pages as in a real dump. Cached in the
 * temporary folder between runs.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { splitDumpXml, writeMultistream, type MultistreamFiles } from '@/lib/jobs/mining/testing/multistream-fixture';
import { DUMP_EXCERPTS, readDumpExcerpt, wikitextPath } from '@/lib/mining/testing/wikitext-datasets';

const FILE_TAG = /(\[\[\s*(?:File|Image):\s*[^|\]\n]+?)(\.[A-Za-z]{3,4}\s*[|\]])/g;

function articlePages(): { header: string; pages: string[] } {
  let header = '';
  const pages: string[] = [];
  for (const excerpt of DUMP_EXCERPTS) {
    const xml = readDumpExcerpt(excerpt).toString('utf8');
    const parts = splitDumpXml(xml);
    if (header === '' && parts.header.includes('<siteinfo>')) header = parts.header;
    pages.push(...parts.pages.filter((p) => /<ns>0<\/ns>/.test(p) && !p.includes('<redirect')));
  }
  return { header, pages };
}

export function benchDumpFiles(targetBytes: number): MultistreamFiles & { cached: boolean } {
  const dir = path.join(tmpdir(), 'paralens-bench-mine');
  mkdirSync(dir, { recursive: true });
  const dumpPath = path.join(dir, `bench-${targetBytes}-multistream.xml.bz2`);
  const indexPath = path.join(dir, `bench-${targetBytes}-multistream-index.txt`);
  if (existsSync(dumpPath) && existsSync(indexPath))
    return { dumpPath, indexPath, pages: 0, streams: 0, xmlBytes: 0, cached: true };
  if (!existsSync(wikitextPath('.')))
    throw new Error(`${wikitextPath('.')} is absent: the mining benchmark builds its dump from the real excerpts there.`);
  const { header, pages } = articlePages();
  const out: string[] = [];
  let bytes = Buffer.byteLength(header);
  for (let copy = 0; bytes < targetBytes; copy++) {
    for (const page of pages) {
      const renamed = page
        .replace(/<title>([^<]*)<\/title>/, (_, t: string) => `<title>${t}${copy ? ` (copy ${copy})` : ''}</title>`)
        .replace(/<id>(\d+)<\/id>/, (_, id: string) => `<id>${Number(id) + copy * 100_000_000}</id>`)
        .replace(FILE_TAG, (_, name: string, ext: string) => `${name}${copy >= 3 ? ` v${Math.floor(copy / 3)}` : ''}${ext}`);
      out.push(renamed);
      bytes += Buffer.byteLength(renamed);
      if (bytes >= targetBytes) break;
    }
  }
  return { ...writeMultistream({ header, pages: out, footer: '</mediawiki>\n' }, dumpPath, indexPath, 100), cached: false };
}

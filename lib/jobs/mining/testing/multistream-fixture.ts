/**
 * Builds a Wikipedia-style multistream dump from XML text, for tests and the benchmark: the header
 * (`<mediawiki>` + `<siteinfo>`) as its own bz2 stream, then one stream per `pagesPerStream` pages,
 * then `</mediawiki>`; plus the index, one `offset:pageId:title` line per page (miner-design.md §1).
 * Concatenated streams decompress to the original XML, so the single-stream and multistream runs
 * of the same text can be compared.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { findDecompressor } from '@/lib/services/mining/xml-source';

export interface SplitDump {
  header: string;
  pages: string[];
  footer: string;
}

/** Header, page elements (each with the whitespace after it) and footer of an export. */
export function splitDumpXml(xml: string): SplitDump {
  const first = xml.indexOf('<page>');
  if (first === -1) throw new Error('no <page> in the XML');
  const pages: string[] = [];
  let at = first;
  for (;;) {
    const end = xml.indexOf('</page>', at);
    if (end === -1) break;
    let next = end + 7;
    while (next < xml.length && /\s/.test(xml[next]!)) next++;
    pages.push(xml.slice(at, next));
    at = next;
    if (!xml.startsWith('<page>', at)) break;
  }
  return { header: xml.slice(0, first), pages, footer: xml.slice(at) };
}

export function compressBz2(text: string | Buffer): Buffer {
  const tool = findDecompressor();
  const result = spawnSync(tool, tool === 'lbzip2' ? ['-c', '-9', '-n', '2'] : ['-c', '-9'], { input: text, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`${tool} failed: ${String(result.stderr)}`);
  return result.stdout;
}

export interface MultistreamFiles {
  dumpPath: string;
  indexPath: string;
  pages: number;
  streams: number;
  xmlBytes: number;
}

export function writeMultistream(parts: SplitDump, dumpPath: string, indexPath: string, pagesPerStream = 100): MultistreamFiles {
  const buffers: Buffer[] = [compressBz2(parts.header)];
  let offset = buffers[0]!.length;
  const index: string[] = [];
  let xmlBytes = Buffer.byteLength(parts.header) + Buffer.byteLength(parts.footer);
  for (let i = 0; i < parts.pages.length; i += pagesPerStream) {
    const group = parts.pages.slice(i, i + pagesPerStream);
    for (const page of group) {
      const id = /<id>(\d+)<\/id>/.exec(page)?.[1] ?? '0';
      const title = /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '';
      index.push(`${offset}:${id}:${title}`);
    }
    const text = group.join('');
    xmlBytes += Buffer.byteLength(text);
    const stream = compressBz2(text);
    buffers.push(stream);
    offset += stream.length;
  }
  buffers.push(compressBz2(parts.footer));
  writeFileSync(dumpPath, Buffer.concat(buffers));
  writeFileSync(indexPath, `${index.join('\n')}\n`);
  return { dumpPath, indexPath, pages: parts.pages.length, streams: buffers.length, xmlBytes };
}

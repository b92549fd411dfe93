/**
 * Helpers for the import tests: in-memory byte streams (optionally cut into tiny chunks to
 * exercise chunk boundaries) and collectors. Used only by *.test.ts files.
 */
import { Readable } from 'node:stream';
import { openImportStream, type ImportStreamOptions } from './open-import-stream';
import type { ImportError, ImportItem, PairRecord } from './types';

export function bytesOf(input: string | Uint8Array): Uint8Array {
  return typeof input === 'string' ? new TextEncoder().encode(input) : input;
}

/** The input as an async byte stream, in chunks of `chunkSize` bytes. */
export async function* streamOf(input: string | Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = bytesOf(input);
  for (let i = 0; i < bytes.length; i += chunkSize) {
    await Promise.resolve(); // a real source hands out chunks asynchronously
    yield bytes.subarray(i, i + chunkSize);
  }
}

/** A real Node Readable over the input, as the CLI and upload handler will pass. */
export function readableOf(input: string | Uint8Array): Readable {
  return Readable.from([Buffer.from(bytesOf(input))]);
}

export function encodeUtf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  let o = 0;
  if (bom) {
    out[o++] = endian === 'le' ? 0xff : 0xfe;
    out[o++] = endian === 'le' ? 0xfe : 0xff;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[o++] = endian === 'le' ? c & 0xff : c >> 8;
    out[o++] = endian === 'le' ? c >> 8 : c & 0xff;
  }
  return out;
}

export interface Collected {
  format: string;
  tier: string | undefined;
  records: PairRecord[];
  errors: ImportError[];
  items: ImportItem[];
}

export async function importText(
  input: string | Uint8Array,
  options: ImportStreamOptions,
  chunkSize?: number,
): Promise<Collected> {
  const stream = await openImportStream(streamOf(input, chunkSize), options);
  const items: ImportItem[] = [];
  for await (const item of stream.items) items.push(item);
  return {
    format: stream.format,
    tier: stream.tier,
    items,
    records: items.flatMap((i) => (i.ok ? [i.record] : [])),
    errors: items.flatMap((i) => (i.ok ? [] : [i.error])),
  };
}

/** One Wikipedia-IPC line: two captions of an image on two articles, with the semantic scores given. */
export function ipcLine(id: number, image: string, a: string, b: string, sims: Record<string, number> = {}): string {
  return JSON.stringify({
    id,
    'cluster-id': 7,
    image: `https://commons.wikimedia.org/wiki/File%3A${image}`,
    first: { 'caption-text': a, 'caption-type': 'WIKI_TEXT', page: 'https://en.wikipedia.org/wiki/Easter_Bunny' },
    second: { 'caption-text': b, 'caption-type': 'WIKI_TEXT', page: 'https://en.wikipedia.org/wiki/%C4%92ostre' },
    similarities: sims,
  });
}

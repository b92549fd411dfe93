/**
 * What a dump file is and how to cut it into chunks: a multistream `.bz2` with its index is split
 * at stream boundaries (lib/mining/dump/multistream-index.ts); a single-stream `.bz2` or a plain
 * `.xml` is one chunk. The kind is read from the file's first bytes, not its name. Each chunk start
 * is checked to be the start of a bz2 stream, so an index of another dump is caught before any work.
 */
import { open, stat } from 'node:fs/promises';
import { chooseChunkBytes, IndexFormatError, IndexReader, planChunks, type DumpChunk } from '@/lib/mining/dump/multistream-index';
import { MiningInputError } from './input-errors';
import { readXmlText } from './xml-source';

export interface DumpPlan {
  source: 'multistream' | 'bz2' | 'xml';
  size: number;
  mtime: Date;
  compressed: boolean;
  chunks: DumpChunk[];
}

async function readHead(path: string, at: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, at);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** `BZh` + block size + the block (or end-of-stream) magic number. */
function isBz2StreamStart(head: Buffer): boolean {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'BZh' || head[3]! < 0x31 || head[3]! > 0x39) return false;
  const magic = head.toString('hex', 4, 10);
  return magic === '314159265359' || magic === '177245385090';
}

async function readIndex(indexPath: string): Promise<ReturnType<IndexReader['finish']>> {
  const { size } = await stat(indexPath).catch(() => {
    throw new MiningInputError(`the index ${indexPath} does not exist`);
  });
  const compressed = isBz2StreamStart(await readHead(indexPath, 0, 10));
  const reader = new IndexReader(indexPath);
  for await (const text of readXmlText({ path: indexPath, start: 0, end: size, compressed }, { inputBytes: 0, xmlBytes: 0 }))
    reader.push(text);
  return reader.finish();
}

export async function planDump(
  dumpPath: string,
  indexPath: string | null,
  workers: number,
  chunkBytes?: number,
): Promise<DumpPlan> {
  const info = await stat(dumpPath).catch(() => {
    throw new MiningInputError(`the dump ${dumpPath} does not exist`);
  });
  if (!info.isFile()) throw new MiningInputError(`${dumpPath} is not a file`);
  const head = await readHead(dumpPath, 0, 10);
  const compressed = isBz2StreamStart(head);
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!compressed && !text.startsWith('<'))
    throw new MiningInputError(
      `${dumpPath} is neither a bz2 file nor XML (it starts with ${JSON.stringify(head.toString('latin1', 0, 10))})`,
    );
  const base = { size: info.size, mtime: info.mtime, compressed };
  if (indexPath === null)
    return { ...base, source: compressed ? 'bz2' : 'xml', chunks: [{ index: 0, start: 0, end: info.size, pages: null }] };
  if (!compressed) throw new MiningInputError(`--index is for multistream .bz2 dumps, but ${dumpPath} is plain XML`);
  const streams = await readIndex(indexPath);
  const last = streams[streams.length - 1]!;
  if (last.offset >= info.size)
    throw new IndexFormatError(
      `${indexPath}: offset ${last.offset} lies beyond the end of ${dumpPath} (${info.size} bytes): the index does not belong to this dump`,
    );
  // A chunk size given by the caller (tests, `mine-map --plan`) is kept as it is; the default tapers.
  const chunks =
    chunkBytes !== undefined
      ? planChunks(streams, info.size, chunkBytes)
      : planChunks(streams, info.size, chooseChunkBytes(info.size, workers), workers);
  for (const chunk of chunks) {
    if (!isBz2StreamStart(await readHead(dumpPath, chunk.start, 10))) {
      throw new IndexFormatError(
        `${indexPath}: offset ${chunk.start} is not the start of a bz2 stream in ${dumpPath}: the index does not belong to this dump`,
      );
    }
  }
  return { ...base, source: 'multistream', chunks };
}

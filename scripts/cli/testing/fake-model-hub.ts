/**
 * For tests: a local stand-in for the Hugging Face Hub and fastText's server (127.0.0.1, free
 * ports): the Hub's URL layout (/{repo}/resolve/{revision}/{path}), a large file answered with a
 * redirect to another host carrying its sha256 in X-Linked-Etag, small files with their git blob
 * sha1 as ETag, Range requests. It serves the tiny models lib/models/testing builds: ST (also as the
 * multilingual repository), roberta-large's tokenizer and an 18-layer masked-LM export, and the
 * fastText zip. Tests change what it serves through the returned object's fields.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { BERTSCORE_REPO, ST_MULTILINGUAL_REPO, ST_REPO } from '@/lib/models/model-pull';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { buildTinyLayeredEncoder } from '@/lib/models/testing/tiny-encoder';

export interface FakeModelHub {
  /** A temporary folder for the test's downloads; removed by `close`. */
  dir: string;
  tiny: string;
  /** The Hub's base URL (HF_ENDPOINT) and the LFS storage's, another host (port). */
  base: string;
  storageBase: string;
  /** ST's repository: path → contents. */
  files: Map<string, Buffer>;
  /** FacebookAI/roberta-large: path → contents. */
  roberta: Map<string, Buffer>;
  vecZip: Buffer;
  vecText: Buffer;
  /** Every request either host answered, in order. */
  requests: Array<{ url: string; range?: string; auth?: string }>;
  /** The LFS file's first answer stops after this many bytes. */
  dropOnceAfter: number | null;
  /** The LFS storage serves other bytes than the published sha256. */
  corrupt: boolean;
  /** Forgets the requests and serves faithfully again. */
  reset(): void;
  close(): Promise<void>;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const gitSha1 = (b: Buffer) => createHash('sha1').update(`blob ${b.length}\0`).update(b).digest('hex');

/** A one-entry zip as fastText publishes it: local header, deflated data, central directory. */
export function zipOf(name: string, data: Buffer): Buffer {
  const deflated = deflateRawSync(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + deflated.length, 16);
  return Buffer.concat([local, Buffer.from(name), deflated, central, Buffer.from(name), end]);
}

function serveBytes(
  hub: FakeModelHub,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  headers: Record<string, string> = {},
): void {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const from = range ? Number(range[1]) : 0;
  if (from >= body.length && range) {
    res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    return;
  }
  const slice = body.subarray(from);
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'content-length': String(slice.length),
    ...(range ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
  });
  if (hub.dropOnceAfter !== null && req.url!.startsWith('/lfs/')) {
    const cut = hub.dropOnceAfter;
    hub.dropOnceAfter = null;
    res.write(slice.subarray(0, cut), () => res.destroy());
    return;
  }
  res.end(slice);
}

export async function startFakeModelHub(): Promise<FakeModelHub> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-pull-'));
  const hub: FakeModelHub = {
    dir,
    tiny: path.join(dir, 'tiny'),
    base: '',
    storageBase: '',
    files: new Map(),
    roberta: new Map(),
    vecZip: Buffer.alloc(0),
    vecText: Buffer.alloc(0),
    requests: [],
    dropOnceAfter: null,
    corrupt: false,
    reset() {
      hub.requests.length = 0;
      hub.dropOnceAfter = null;
      hub.corrupt = false;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => storage.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
  await writeTinyModelFolder(hub.tiny);
  for (const f of ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', '1_Pooling/config.json'])
    hub.files.set(f, await readFile(path.join(hub.tiny, 'st', ...f.split('/'))));
  const vecName = (await readdir(path.join(hub.tiny, 'wms'))).find((f) => f.endsWith('.vec'))!;
  hub.vecText = await readFile(path.join(hub.tiny, 'wms', vecName));
  hub.vecZip = zipOf('wiki-news-300d-1M-subword.vec', hub.vecText);
  // roberta-large's repository: the tokenizer files, and a masked-LM export (logits) of 18 tiny layers
  for (const f of ['tokenizer.json', 'tokenizer_config.json'])
    hub.roberta.set(f, await readFile(path.join(hub.tiny, 'bertscore', f)));
  const vocab = Object.keys(
    (JSON.parse(hub.roberta.get('tokenizer.json')!.toString('utf8')) as { model: { vocab: object } }).model.vocab,
  ).length;
  hub.roberta.set('model.onnx', Buffer.from(buildTinyLayeredEncoder({ vocabSize: vocab, hidden: 8, layers: 18, seed: 5 }).model));
  const lfs = new Map([...hub.files.values(), ...hub.roberta.values()].map((b) => [sha256(b), b]));
  const storage = http.createServer((req, res) => {
    hub.requests.push({
      url: req.url!,
      ...(req.headers.range ? { range: req.headers.range } : {}),
      ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
    });
    const body = lfs.get(req.url!.slice('/lfs/'.length));
    if (!body) return void res.writeHead(404).end();
    serveBytes(hub, req, res, hub.corrupt ? Buffer.from(body.map((b) => b ^ 1)) : body);
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  hub.storageBase = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  const server = http.createServer((req, res) => {
    hub.requests.push({
      url: req.url!,
      ...(req.headers.range ? { range: req.headers.range } : {}),
      ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
    });
    const url = new URL(req.url!, 'http://x');
    const repo = [
      [ST_REPO, hub.files] as const,
      [ST_MULTILINGUAL_REPO, hub.files] as const,
      [BERTSCORE_REPO, hub.roberta] as const,
    ].find(([r]) => url.pathname.startsWith(`/${r}/resolve/main/`));
    if (repo) {
      const name = decodeURIComponent(url.pathname.slice(`/${repo[0]}/resolve/main/`.length));
      const body = repo[1].get(name);
      if (!body) return void res.writeHead(404).end('Entry not found');
      if (name.endsWith('.onnx')) {
        // LFS: the Hub redirects to its storage; the redirect carries the sha256.
        res
          .writeHead(302, {
            location: `${hub.storageBase}/lfs/${sha256(body)}`,
            'x-linked-etag': `"${sha256(body)}"`,
            'x-linked-size': String(body.length),
            etag: `"${gitSha1(body)}"`,
          })
          .end();
        return;
      }
      return void serveBytes(hub, req, res, body, { etag: `"${gitSha1(body)}"` });
    }
    if (url.pathname === '/fasttext/wiki-news-300d-1M-subword.vec.zip') return void serveBytes(hub, req, res, hub.vecZip);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hub.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return hub;
}

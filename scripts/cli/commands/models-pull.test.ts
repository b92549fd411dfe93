/**
 * `paralens models pull` against a local stand-in for the Hugging Face Hub and fastText's server
 * (127.0.0.1, a free port): the Hub's URL layout (/{repo}/resolve/{revision}/{path}), a large
 * file answered with a redirect carrying its sha256 in X-Linked-Etag, small files with their git
 * blob sha1 as ETag, Range requests. It serves the tiny models the tests build
 * (lib/models/testing). Proves: the files land where the model folder expects them and load; a
 * download broken off mid-file continues with Range; a checksum mismatch installs nothing; a
 * refused connection gives the one offline line; HF_TOKEN goes to the Hub only. No test reaches the internet.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BERTSCORE_REPO, proxyFor, ST_MULTILINGUAL_REPO, ST_REPO } from '@/lib/models/model-pull';
import { inspectModel, inspectStModel } from '@/lib/models/model-folder';
import { closeScorers, openScorers } from '@/lib/models/text-scorers';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';
import { buildTinyLayeredEncoder } from '@/lib/models/testing/tiny-encoder';
import { runInMemory } from '../memory-io';
import { run } from './models-pull';

let dir: string;
let tiny: string;
let server: http.Server;
let storage: http.Server; // where the Hub's LFS redirects lead: another host (port)
let base: string;
let storageBase: string;
const files = new Map<string, Buffer>(); // ST: repo path → contents
const roberta = new Map<string, Buffer>(); // FacebookAI/roberta-large: repo path → contents
let vecZip: Buffer;
let vecText: Buffer;
const requests: Array<{ url: string; range?: string; auth?: string }> = [];
let dropOnceAfter: number | null = null; // the LFS file's first answer stops after this many bytes
let corrupt = false; // the LFS storage serves other bytes than the published sha256

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const gitSha1 = (b: Buffer) => createHash('sha1').update(`blob ${b.length}\0`).update(b).digest('hex');

/** A one-entry zip as fastText publishes it: local header, deflated data, central directory. */
function zipOf(name: string, data: Buffer): Buffer {
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

function serveBytes(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, headers: Record<string, string> = {}): void {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const from = range ? Number(range[1]) : 0;
  if (from >= body.length && range) {
    res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    return;
  }
  const slice = body.subarray(from);
  res.writeHead(range ? 206 : 200, { ...headers, 'content-length': String(slice.length), ...(range ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}) });
  if (dropOnceAfter !== null && req.url!.startsWith('/lfs/')) {
    const cut = dropOnceAfter;
    dropOnceAfter = null;
    res.write(slice.subarray(0, cut), () => res.destroy());
    return;
  }
  res.end(slice);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-pull-'));
  tiny = path.join(dir, 'tiny');
  await writeTinyModelFolder(tiny);
  for (const f of ['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', '1_Pooling/config.json']) files.set(f, await readFile(path.join(tiny, 'st', ...f.split('/'))));
  const vecName = (await readdir(path.join(tiny, 'wms'))).find((f) => f.endsWith('.vec'))!;
  vecText = await readFile(path.join(tiny, 'wms', vecName));
  vecZip = zipOf('wiki-news-300d-1M-subword.vec', vecText);
  // roberta-large's repository: the tokenizer files, and a masked-LM export (logits) of 18 tiny layers
  for (const f of ['tokenizer.json', 'tokenizer_config.json']) roberta.set(f, await readFile(path.join(tiny, 'bertscore', f)));
  const vocab = Object.keys((JSON.parse(roberta.get('tokenizer.json')!.toString('utf8')) as { model: { vocab: object } }).model.vocab).length;
  roberta.set('model.onnx', Buffer.from(buildTinyLayeredEncoder({ vocabSize: vocab, hidden: 8, layers: 18, seed: 5 }).model));
  const lfs = new Map([...files.values(), ...roberta.values()].map((b) => [sha256(b), b]));
  storage = http.createServer((req, res) => {
    requests.push({ url: req.url!, ...(req.headers.range ? { range: req.headers.range } : {}), ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
    const body = lfs.get(req.url!.slice('/lfs/'.length));
    if (!body) return void res.writeHead(404).end();
    serveBytes(req, res, corrupt ? Buffer.from(body.map((b) => b ^ 1)) : body);
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  storageBase = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  server = http.createServer((req, res) => {
    requests.push({ url: req.url!, ...(req.headers.range ? { range: req.headers.range } : {}), ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
    const url = new URL(req.url!, 'http://x');
    const repo = [[ST_REPO, files] as const, [ST_MULTILINGUAL_REPO, files] as const, [BERTSCORE_REPO, roberta] as const].find(([r]) => url.pathname.startsWith(`/${r}/resolve/main/`));
    if (repo) {
      const name = decodeURIComponent(url.pathname.slice(`/${repo[0]}/resolve/main/`.length));
      const body = repo[1].get(name);
      if (!body) return void res.writeHead(404).end('Entry not found');
      if (name.endsWith('.onnx')) {
        // LFS: the Hub redirects to its storage; the redirect carries the sha256.
        res.writeHead(302, { location: `${storageBase}/lfs/${sha256(body)}`, 'x-linked-etag': `"${sha256(body)}"`, 'x-linked-size': String(body.length), etag: `"${gitSha1(body)}"` }).end();
        return;
      }
      return void serveBytes(req, res, body, { etag: `"${gitSha1(body)}"` });
    }
    if (url.pathname === '/fasttext/wiki-news-300d-1M-subword.vec.zip') return void serveBytes(req, res, vecZip);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => storage.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  requests.length = 0;
  dropOnceAfter = null;
  corrupt = false;
});

let n = 0;
async function pull(args: string[], extra: Record<string, string> = {}) {
  const models = path.join(dir, `models-${(n += 1)}`);
  const env = { PARALENS_MODELS: models, HF_ENDPOINT: base, PARALENS_FASTTEXT_URL: `${base}/fasttext/wiki-news-300d-1M-subword.vec.zip`, ...extra };
  return { models, env, ...(await runInMemory((a, io) => run(a, io, env), args)) };
}

describe('paralens models pull', () => {
  it('installs ST from the Hub layout and WMS from the fastText zip; both load and score', async () => {
    const { code, stdout, models } = await pull(['st', 'wms'], { HF_TOKEN: 'hf_test' });
    expect(code).toBe(0);
    expect(stdout).toContain('st: onnx/model.onnx installed');
    expect(stdout).toContain('sha256 as the Hub publishes it');
    expect(stdout).toContain('st: tokenizer.json installed');
    expect(stdout).toContain('git sha1 as the Hub publishes it');
    expect(stdout).toContain('st: modules.json is not in sentence-transformers/paraphrase-mpnet-base-v2 (optional)');
    expect(stdout).toMatch(/wms: wiki-news-300d-1M-subword\.vec installed .*sha256 [0-9a-f]{64} recorded/);
    expect(await readFile(path.join(models, 'wms', 'wiki-news-300d-1M-subword.vec'))).toEqual(vecText);
    expect(existsSync(path.join(models, 'wms', 'wiki-news-300d-1M-subword.vec.zip'))).toBe(false);
    expect(inspectModel(models, 'st').ready && inspectModel(models, 'wms').ready).toBe(true);
    const { scorers } = await openScorers(['st', 'wms'], models);
    const [a, b] = await scorers[0]!.prepare(['An Easter postcard from 1907.', 'A 1907 postcard.']);
    expect(scorers[0]!.score(a, b)).toBeGreaterThan(0);
    await closeScorers(scorers);
    // the token goes to the Hub, never to the storage a redirect leads to, nor to fastText
    expect(requests.filter((r) => r.url.startsWith(`/${ST_REPO}/`)).every((r) => r.auth === 'Bearer hf_test')).toBe(true);
    expect(requests.filter((r) => !r.url.startsWith(`/${ST_REPO}/`)).every((r) => r.auth === undefined)).toBe(true);
    const recorded = JSON.parse(await readFile(path.join(models, 'pulled.json'), 'utf8')) as Record<string, { sha256: string }>;
    expect(recorded['https://dl.fbaipublicfiles.com/fasttext/vectors-english/wiki-news-300d-1M-subword.vec.zip']?.sha256).toBe(sha256(vecZip));
    // a second run finds everything there and downloads nothing (it asks again only for the optional files the repository lacks)
    requests.length = 0;
    const again = await runInMemory((args, io) => run(args, io, { PARALENS_MODELS: models, HF_ENDPOINT: base }), ['st', 'wms']);
    expect(again.stdout).toContain('st: onnx/model.onnx is there already');
    expect(requests.map((r) => r.url)).toEqual([`/${ST_REPO}/resolve/main/sentence_bert_config.json`, `/${ST_REPO}/resolve/main/modules.json`]);
  });

  it('installs BERTScore: roberta-large’s published export, edited so that its output is layer 17; it loads and scores', async () => {
    const { code, stdout, models } = await pull(['bertscore'], { HF_TOKEN: 'hf_test' });
    expect(code).toBe(0);
    expect(stdout).toContain('bertscore: tokenizer.json installed');
    expect(stdout).toContain("bertscore: onnx/model.onnx made from FacebookAI/roberta-large's model.onnx (");
    expect(stdout).toContain('sha256 as the Hub publishes it');
    expect(stdout).toContain("its output is now layer 17's hidden state (/roberta/encoder/layer.16/output/Tanh_output_0) in place of logits");
    expect(existsSync(path.join(models, 'bertscore', 'onnx', 'roberta-large-mlm.onnx'))).toBe(false);
    expect(inspectModel(models, 'bertscore').ready).toBe(true);
    const { scorers } = await openScorers(['bertscore'], models);
    const [a, b, c] = await scorers[0]!.prepare(['An Easter postcard from 1907 depicting a rabbit.', 'An Easter postcard from 1907 depicting a rabbit.', 'Troops clearing rubble after the May air raid on Belfast.']);
    expect(scorers[0]!.score(a, b)).toBeCloseTo(1, 5);
    expect(scorers[0]!.score(a, c)).toBeLessThan(1);
    await closeScorers(scorers);
    expect(requests.filter((r) => r.url.startsWith(`/${BERTSCORE_REPO}/`)).every((r) => r.auth === 'Bearer hf_test')).toBe(true);
    const recorded = JSON.parse(await readFile(path.join(models, 'pulled.json'), 'utf8')) as Record<string, { sha256: string }>;
    expect(recorded[`${BERTSCORE_REPO}/model.onnx`]?.sha256).toBe(sha256(roberta.get('model.onnx')!));
    requests.length = 0;
    const again = await runInMemory((a2, io) => run(a2, io, { PARALENS_MODELS: models, HF_ENDPOINT: base }), ['bertscore']);
    expect(again.stdout).toContain('bertscore: onnx/model.onnx is there already');
    expect(requests).toEqual([]);
  });

  it('keeps the BERTScore download when its graph cannot be edited, and edits it without downloading again', async () => {
    const published = roberta.get('model.onnx')!;
    roberta.set('model.onnx', files.get('onnx/model.onnx')!); // an export without module-scoped node names
    try {
      const first = await pull(['bertscore']);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/its nodes are not named by module .*The download stays in .*roberta-large-mlm\.onnx/);
      expect(existsSync(path.join(first.models, 'bertscore', 'onnx', 'model.onnx'))).toBe(false);
      requests.length = 0;
      const second = await runInMemory((a2, io) => run(a2, io, first.env), ['bertscore']);
      expect(second.code).toBe(1);
      expect(requests.filter((r) => r.url.includes('model.onnx') || r.url.startsWith('/lfs/'))).toEqual([]);
    } finally {
      roberta.set('model.onnx', published);
    }
  });

  it('continues a download that broke off mid-file with a Range request', async () => {
    const model = files.get('onnx/model.onnx')!;
    dropOnceAfter = Math.floor(model.length / 3);
    const first = await pull(['st']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('st/onnx/model.onnx: the download broke off after');
    expect(first.stderr).toContain('run the command again to continue it');
    const part = path.join(first.models, 'st', 'onnx', 'model.onnx.part');
    expect((await stat(part)).size).toBe(Math.floor(model.length / 3));
    requests.length = 0;
    const second = await runInMemory((a, io) => run(a, io, first.env), ['st']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/st: onnx\/model\.onnx installed \([\d,]+ bytes, resumed at [\d,]+; sha256/);
    expect(requests.find((r) => r.url.startsWith('/lfs/'))?.range).toBe(`bytes=${Math.floor(model.length / 3)}-`);
    expect(await readFile(path.join(first.models, 'st', 'onnx', 'model.onnx'))).toEqual(model);
    expect(existsSync(part)).toBe(false);
  });

  it('installs nothing when the file does not match its published checksum', async () => {
    corrupt = true;
    const { code, stderr, models } = await pull(['st']);
    expect(code).toBe(1);
    expect(stderr).toContain(`st/onnx/model.onnx: checksum mismatch (expected sha256 ${sha256(files.get('onnx/model.onnx')!)}`);
    expect(stderr).toContain('the file was deleted, not installed');
    expect(existsSync(path.join(models, 'st', 'onnx', 'model.onnx'))).toBe(false);
    expect(existsSync(path.join(models, 'st', 'onnx', 'model.onnx.part'))).toBe(false);
  });

  it('checks a re-downloaded fastText zip against the checksum recorded the first time', async () => {
    const first = await pull(['wms']);
    expect(first.code).toBe(0);
    await rm(path.join(first.models, 'wms'), { recursive: true });
    const original = vecZip;
    vecZip = zipOf('wiki-news-300d-1M-subword.vec', Buffer.concat([vecText, Buffer.from('extra 0 0\n')]));
    try {
      const second = await runInMemory((a, io) => run(a, io, first.env), ['wms']);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`checksum mismatch (expected sha256 ${sha256(original)}`);
      expect(existsSync(path.join(first.models, 'wms', 'wiki-news-300d-1M-subword.vec'))).toBe(false);
    } finally {
      vecZip = original;
    }
  });

  it('says in one line what to do when the Hub cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there now: connection refused
    const { code, stderr, models } = await pull(['st'], { HF_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toBe(`cannot reach 127.0.0.1:${port}; put the files in ${models} by hand: README, Semantic models\n`);
  });

  it('refuses unknown names', async () => {
    const { code, stderr } = await pull(['glove']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown: glove (st, bertscore, wms, all or st-multilingual)');
  });

  it('installs the multilingual ST model, which ST uses for corpora not in English (and only for them)', async () => {
    const { models: without } = await pull(['st']);
    const missing = await openScorers(['st'], without, { language: 'es' });
    expect(missing.scorers).toEqual([]);
    expect(missing.unavailable[0]!.message).toContain('paralens models pull st-multilingual');
    const { code, stdout, models } = await pull(['st-multilingual']);
    expect(code).toBe(0);
    expect(stdout).toContain('st-multilingual: onnx/model.onnx installed');
    expect(requests.some((r) => r.url.startsWith(`/${ST_MULTILINGUAL_REPO}/resolve/main/`))).toBe(true);
    expect(existsSync(path.join(models, 'st'))).toBe(false);
    expect(inspectStModel(models, 'es').ready).toBe(true);
    expect(inspectStModel(models, 'en').ready).toBe(false);
    const { scorers } = await openScorers(['st'], models, { language: 'es' });
    const [a, b] = await scorers[0]!.prepare(['La organización que dirige Yaser Arafat.', 'La OLP.']);
    expect(scorers[0]!.score(a, b)).toBeGreaterThan(0);
    await closeScorers(scorers);
    // pull all is the paper's three, not the multilingual model
    expect((await runInMemory((args, io) => run(args, io, { PARALENS_MODELS: models, HF_ENDPOINT: base }), ['--help'])).stdout).toContain('all: st, bertscore, wms');
  });
});

describe('proxyFor', () => {
  const hub = new URL('https://huggingface.co/x');
  it('takes HTTPS_PROXY for https, HTTP_PROXY for http, and leaves NO_PROXY hosts alone', () => {
    expect(proxyFor(hub, { HTTPS_PROXY: 'http://proxy:3128' })?.host).toBe('proxy:3128');
    expect(proxyFor(hub, { https_proxy: 'http://p2:8080' })?.host).toBe('p2:8080');
    expect(proxyFor(new URL('http://example.org/'), { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://q:2' })?.host).toBe('p:1');
    expect(proxyFor(hub, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'localhost,.huggingface.co' })).toBeNull();
    expect(proxyFor(hub, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'huggingface.co' })).toBeNull();
    expect(proxyFor(hub, { HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' })).toBeNull();
    expect(proxyFor(hub, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'face.co' })?.host).toBe('p:1');
    expect(proxyFor(hub, {})).toBeNull();
  });
});

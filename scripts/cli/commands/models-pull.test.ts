/**
 * `paralens models pull` against a local stand-in for the Hugging Face Hub and fastText's server
 * (127.0.0.1, a free port): the Hub's URL layout (/{repo}/resolve/{revision}/{path}), a large
 * file answered with a redirect carrying its sha256 in X-Linked-Etag, small files with their git
 * blob sha1 as ETag, Range requests. It serves the tiny models the tests build
 * (lib/models/testing). Proves: the files land where the model folder expects them and load; a
 * download broken off mid-file continues with Range; a checksum mismatch installs nothing; a
 * refused connection gives the one offline line; HF_TOKEN goes to the Hub only. No test reaches the internet.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BERTSCORE_REPO, proxyFor, ST_MULTILINGUAL_REPO, ST_REPO } from '@/lib/models/model-pull';
import { inspectModel, inspectStModel } from '@/lib/models/model-folder';
import { closeScorers, openScorers } from '@/lib/models/text-scorers';
import { runInMemory } from '../memory-io';
import { sha256, startFakeModelHub, zipOf, type FakeModelHub } from '../testing/fake-model-hub';
import { run } from './models-pull';

let hub: FakeModelHub;
beforeAll(async () => {
  hub = await startFakeModelHub();
});
afterAll(async () => {
  await hub.close();
});
beforeEach(() => hub.reset());

let n = 0;
async function pull(args: string[], extra: Record<string, string> = {}) {
  const models = path.join(hub.dir, `models-${(n += 1)}`);
  const env = {
    PARALENS_MODELS: models,
    HF_ENDPOINT: hub.base,
    PARALENS_FASTTEXT_URL: `${hub.base}/fasttext/wiki-news-300d-1M-subword.vec.zip`,
    ...extra,
  };
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
    expect(await readFile(path.join(models, 'wms', 'wiki-news-300d-1M-subword.vec'))).toEqual(hub.vecText);
    expect(existsSync(path.join(models, 'wms', 'wiki-news-300d-1M-subword.vec.zip'))).toBe(false);
    expect(inspectModel(models, 'st').ready && inspectModel(models, 'wms').ready).toBe(true);
    const { scorers } = await openScorers(['st', 'wms'], models);
    const [a, b] = await scorers[0]!.prepare(['An Easter postcard from 1907.', 'A 1907 postcard.']);
    expect(scorers[0]!.score(a, b)).toBeGreaterThan(0);
    await closeScorers(scorers);
    // the token goes to the Hub, never to the storage a redirect leads to, nor to fastText
    expect(hub.requests.filter((r) => r.url.startsWith(`/${ST_REPO}/`)).every((r) => r.auth === 'Bearer hf_test')).toBe(true);
    expect(hub.requests.filter((r) => !r.url.startsWith(`/${ST_REPO}/`)).every((r) => r.auth === undefined)).toBe(true);
    const recorded = JSON.parse(await readFile(path.join(models, 'pulled.json'), 'utf8')) as Record<string, { sha256: string }>;
    expect(recorded['https://dl.fbaipublicfiles.com/fasttext/vectors-english/wiki-news-300d-1M-subword.vec.zip']?.sha256).toBe(
      sha256(hub.vecZip),
    );
    // a second run finds everything there and downloads nothing (it asks again only for the
    // optional hub.files the repository lacks)
    hub.requests.length = 0;
    const again = await runInMemory(
      (args, io) => run(args, io, { PARALENS_MODELS: models, HF_ENDPOINT: hub.base }),
      ['st', 'wms'],
    );
    expect(again.stdout).toContain('st: onnx/model.onnx is there already');
    expect(hub.requests.map((r) => r.url)).toEqual([
      `/${ST_REPO}/resolve/main/sentence_bert_config.json`,
      `/${ST_REPO}/resolve/main/modules.json`,
    ]);
  });

  it('installs BERTScore: roberta-large’s published export, edited so that its output is layer 17; it loads and scores', async () => {
    const { code, stdout, models } = await pull(['bertscore'], { HF_TOKEN: 'hf_test' });
    expect(code).toBe(0);
    expect(stdout).toContain('bertscore: tokenizer.json installed');
    expect(stdout).toContain("bertscore: onnx/model.onnx made from FacebookAI/roberta-large's model.onnx (");
    expect(stdout).toContain('sha256 as the Hub publishes it');
    expect(stdout).toContain(
      "its output is now layer 17's hidden state (/roberta/encoder/layer.16/output/Tanh_output_0) in place of logits",
    );
    expect(existsSync(path.join(models, 'bertscore', 'onnx', 'roberta-large-mlm.onnx'))).toBe(false);
    expect(inspectModel(models, 'bertscore').ready).toBe(true);
    const { scorers } = await openScorers(['bertscore'], models);
    const [a, b, c] = await scorers[0]!.prepare([
      'An Easter postcard from 1907 depicting a rabbit.',
      'An Easter postcard from 1907 depicting a rabbit.',
      'Troops clearing rubble after the May air raid on Belfast.',
    ]);
    expect(scorers[0]!.score(a, b)).toBeCloseTo(1, 5);
    expect(scorers[0]!.score(a, c)).toBeLessThan(1);
    await closeScorers(scorers);
    expect(hub.requests.filter((r) => r.url.startsWith(`/${BERTSCORE_REPO}/`)).every((r) => r.auth === 'Bearer hf_test')).toBe(
      true,
    );
    const recorded = JSON.parse(await readFile(path.join(models, 'pulled.json'), 'utf8')) as Record<string, { sha256: string }>;
    expect(recorded[`${BERTSCORE_REPO}/model.onnx`]?.sha256).toBe(sha256(hub.roberta.get('model.onnx')!));
    hub.requests.length = 0;
    const again = await runInMemory((a2, io) => run(a2, io, { PARALENS_MODELS: models, HF_ENDPOINT: hub.base }), ['bertscore']);
    expect(again.stdout).toContain('bertscore: onnx/model.onnx is there already');
    expect(hub.requests).toEqual([]);
  });

  it('keeps the BERTScore download when its graph cannot be edited, and edits it without downloading again', async () => {
    const published = hub.roberta.get('model.onnx')!;
    hub.roberta.set('model.onnx', hub.files.get('onnx/model.onnx')!); // an export without module-scoped node names
    try {
      const first = await pull(['bertscore']);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/its nodes are not named by module .*The download stays in .*roberta-large-mlm\.onnx/);
      expect(existsSync(path.join(first.models, 'bertscore', 'onnx', 'model.onnx'))).toBe(false);
      hub.requests.length = 0;
      const second = await runInMemory((a2, io) => run(a2, io, first.env), ['bertscore']);
      expect(second.code).toBe(1);
      expect(hub.requests.filter((r) => r.url.includes('model.onnx') || r.url.startsWith('/lfs/'))).toEqual([]);
    } finally {
      hub.roberta.set('model.onnx', published);
    }
  });

  it('continues a download that broke off mid-file with a Range request', async () => {
    const model = hub.files.get('onnx/model.onnx')!;
    hub.dropOnceAfter = Math.floor(model.length / 3);
    const first = await pull(['st']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('st/onnx/model.onnx: the download broke off after');
    expect(first.stderr).toContain('run the command again to continue it');
    const part = path.join(first.models, 'st', 'onnx', 'model.onnx.part');
    expect((await stat(part)).size).toBe(Math.floor(model.length / 3));
    hub.requests.length = 0;
    const second = await runInMemory((a, io) => run(a, io, first.env), ['st']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/st: onnx\/model\.onnx installed \([\d,]+ bytes, resumed at [\d,]+; sha256/);
    expect(hub.requests.find((r) => r.url.startsWith('/lfs/'))?.range).toBe(`bytes=${Math.floor(model.length / 3)}-`);
    expect(await readFile(path.join(first.models, 'st', 'onnx', 'model.onnx'))).toEqual(model);
    expect(existsSync(part)).toBe(false);
  });

  it('installs nothing when the file does not match its published checksum', async () => {
    hub.corrupt = true;
    const { code, stderr, models } = await pull(['st']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `st/onnx/model.onnx: checksum mismatch (expected sha256 ${sha256(hub.files.get('onnx/model.onnx')!)}`,
    );
    expect(stderr).toContain('the file was deleted, not installed');
    expect(existsSync(path.join(models, 'st', 'onnx', 'model.onnx'))).toBe(false);
    expect(existsSync(path.join(models, 'st', 'onnx', 'model.onnx.part'))).toBe(false);
  });

  it('checks a re-downloaded fastText zip against the checksum recorded the first time', async () => {
    const first = await pull(['wms']);
    expect(first.code).toBe(0);
    await rm(path.join(first.models, 'wms'), { recursive: true });
    const original = hub.vecZip;
    hub.vecZip = zipOf('wiki-news-300d-1M-subword.vec', Buffer.concat([hub.vecText, Buffer.from('extra 0 0\n')]));
    try {
      const second = await runInMemory((a, io) => run(a, io, first.env), ['wms']);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`checksum mismatch (expected sha256 ${sha256(original)}`);
      expect(existsSync(path.join(first.models, 'wms', 'wiki-news-300d-1M-subword.vec'))).toBe(false);
    } finally {
      hub.vecZip = original;
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
    expect(hub.requests.some((r) => r.url.startsWith(`/${ST_MULTILINGUAL_REPO}/resolve/main/`))).toBe(true);
    expect(existsSync(path.join(models, 'st'))).toBe(false);
    expect(inspectStModel(models, 'es').ready).toBe(true);
    expect(inspectStModel(models, 'en').ready).toBe(false);
    const { scorers } = await openScorers(['st'], models, { language: 'es' });
    const [a, b] = await scorers[0]!.prepare(['La organización que dirige Yaser Arafat.', 'La OLP.']);
    expect(scorers[0]!.score(a, b)).toBeGreaterThan(0);
    await closeScorers(scorers);
    // pull all is the paper's three, not the multilingual model
    expect(
      (await runInMemory((args, io) => run(args, io, { PARALENS_MODELS: models, HF_ENDPOINT: hub.base }), ['--help'])).stdout,
    ).toContain('all: st, bertscore, wms');
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

/** Tokenisation details of the ONNX text encoder on the tiny models: truncation, specials, prefix space. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Tokenizer } from '@huggingface/tokenizers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBertScoreSettings } from '@/lib/models/bertscore-model';
import { ROBERTA_LARGE_L17_BASELINE } from '@/lib/measures/bertscore';
import { OnnxTextEncoder } from '@/lib/models/onnx-encoder';
import { writeTinyModelFolder } from '@/lib/models/testing/tiny-model-folder';

let dir: string;
const files = (model: string, sub: string) => ({
  model: path.join(dir, sub, model),
  tokenizer: path.join(dir, sub, 'tokenizer.json'),
  tokenizerConfig: path.join(dir, sub, 'tokenizer_config.json'),
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-encoder-'));
  await writeTinyModelFolder(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('OnnxTextEncoder', () => {
  it('truncates to maxLength and keeps the closing special token, as Hugging Face truncation does', async () => {
    const encoder = await OnnxTextEncoder.load(files('onnx/model.onnx', 'st'), { label: 'test', maxLength: 6 });
    const long = encoder.tokenize('the old bridge over the river seen from the north bank');
    expect(long.ids).toHaveLength(6);
    expect(Array.from(long.special)).toEqual([1, 0, 0, 0, 0, 1]);
    const [encoded] = await encoder.encode(['the old bridge over the river seen from the north bank']);
    expect(encoded!.tokens.rows).toBe(6);
    expect(encoded!.tokens.data).toHaveLength(6 * 32);
    await encoder.close();
  });

  it('prefixes a space for byte-level BPE (bert_score add_prefix_space) and lower-cases when asked', async () => {
    const plain = await OnnxTextEncoder.load(files('model.onnx', 'bertscore'), { label: 'test' });
    const paper = await OnnxTextEncoder.load(files('model.onnx', 'bertscore'), {
      label: 'test',
      prefixSpace: true,
      lowercase: true,
    });
    const ids = (e: OnnxTextEncoder, t: string) => e.tokenize(t).ids;
    const json = (name: string) => readFile(path.join(dir, 'bertscore', name), 'utf8').then((t) => JSON.parse(t) as object);
    const raw = new Tokenizer(await json('tokenizer.json'), await json('tokenizer_config.json'));
    expect(ids(paper, ' Easter postcard ')).toEqual(raw.encode(' easter postcard').ids);
    expect(ids(plain, 'easter postcard')).toEqual(raw.encode('easter postcard').ids);
    expect(raw.encode(' easter postcard').ids).not.toEqual(raw.encode('easter postcard').ids);
    expect(ids(paper, '   ')).toEqual([0, 2]); // <s></s>: an empty text is its special tokens
    await plain.close();
    await paper.close();
  });
});

describe('resolveBertScoreSettings', () => {
  const byteLevel = { pre_tokenizer: { type: 'ByteLevel' } };
  it('defaults to the paper: roberta-large layer-17 baseline, lower-cased, prefix space for byte-level BPE', () => {
    expect(resolveBertScoreSettings(null, byteLevel, 'x')).toEqual({
      baseline: ROBERTA_LARGE_L17_BASELINE,
      lowercase: true,
      prefixSpace: true,
    });
    expect(resolveBertScoreSettings(null, { pre_tokenizer: { type: 'BertPreTokenizer' } }, 'x').prefixSpace).toBe(false);
  });

  it('takes configured constants and switches, and rejects bad ones', () => {
    const custom = resolveBertScoreSettings(
      { baseline: { precision: 0.8, recall: 0.81, f1: 0.82 }, lowercase: false, maxLength: 128 },
      byteLevel,
      'x',
    );
    expect(custom).toEqual({
      baseline: { precision: 0.8, recall: 0.81, f1: 0.82 },
      lowercase: false,
      prefixSpace: true,
      maxLength: 128,
    });
    expect(resolveBertScoreSettings({ baseline: null }, byteLevel, 'x').baseline).toBeNull();
    expect(() => resolveBertScoreSettings({ baseline: { precision: 0.8 } }, byteLevel, 'x')).toThrow(
      /"baseline" must be null or/,
    );
    expect(() => resolveBertScoreSettings({ baseline: { precision: 1, recall: 0.5, f1: 0.5 } }, byteLevel, 'x')).toThrow(
      /below 1/,
    );
    expect(() => resolveBertScoreSettings({ lowercase: 'yes' }, byteLevel, 'x')).toThrow(/"lowercase" must be true or false/);
  });
});

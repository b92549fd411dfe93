/**
 * The import limits: sets are capped and expanded lazily, a pair budget stops an import that
 * would explode, and over-long texts are rejected on their line, so that no
 * import file can take the server down.
 */
import { describe, expect, it } from 'vitest';
import { tokenize } from '@/lib/measures/tokenize';
import { countMeasureTokens, DEFAULT_IMPORT_LIMITS, importLimitsFromEnv, type ImportLimits } from './limits';
import { openImportStream } from './open-import-stream';
import { importText, streamOf } from './test-support';

const limits = (over: Partial<ImportLimits>): ImportLimits => ({ ...DEFAULT_IMPORT_LIMITS, ...over });

function setLine(size: number, id = 1): string {
  const paraphrase = Array.from({ length: size }, (_, i) => ({
    content: `Caption number ${i} of set ${id}.`,
    reference: `https://en.wikipedia.org/wiki/Page_${i}`,
  }));
  return JSON.stringify({ id, cluster_id: id, image_url: `https://commons.wikimedia.org/wiki/File:Image_${id}.jpg`, paraphrase });
}

function tapacoLines(setId: number, size: number): string[] {
  return Array.from({ length: size }, (_, i) => `${setId}\t${setId * 1000 + i}\tSentence ${i} of set ${setId}.\t\t`);
}

describe('countMeasureTokens', () => {
  it('counts the tokens the rouge tokenizer finds (letters and digits, any case)', () => {
    const samples = [
      'An Easter postcard from 1907, depicting a rabbit!',
      'state-of-the-art U.S. a1b2',
      '  ',
      'Ünïcödé café Straße',
      "x_y__z 3.14 O'Brien",
    ];
    for (const text of samples)
      expect(countMeasureTokens(text), text).toBe(tokenize(text, { tokenizer: 'rouge', stem: false }).length);
  });

  it('stops counting past the limit', () => {
    expect(countMeasureTokens('a b c d e f', 2)).toBe(3);
  });
});

describe('importLimitsFromEnv', () => {
  it('takes positive integers, keeps the defaults of the others', () => {
    expect(importLimitsFromEnv({ PARALENS_IMPORT_MAX_SET_TEXTS: '50', PARALENS_IMPORT_MAX_PAIRS: '' })).toEqual({
      ...DEFAULT_IMPORT_LIMITS,
      maxSetTexts: 50,
    });
  });

  it('refuses a value that is not a positive whole number, naming the variable (it was silently ignored)', () => {
    expect(() => importLimitsFromEnv({ PARALENS_IMPORT_MAX_PAIRS: '-3' })).toThrow(
      /PARALENS_IMPORT_MAX_PAIRS=-3 must be a whole number of at least 1/,
    );
    expect(() => importLimitsFromEnv({ PARALENS_IMPORT_MAX_TEXT_CHARS: 'lots' })).toThrow(/PARALENS_IMPORT_MAX_TEXT_CHARS/);
  });
});

describe('paraphrase sets', () => {
  it('a Wikipedia-IPC set line over the cap is one line-numbered error, and no pair of it is made', async () => {
    const input = `${setLine(3, 1)}\n${setLine(201, 2)}\n`;
    const result = await importText(input, { fileName: 'sets.jsonl' });
    expect(result.records).toHaveLength(3);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ lineNumber: 2 });
    expect(result.errors[0]!.message).toMatch(/has 201 texts; at most 200 .*PARALENS_IMPORT_MAX_SET_TEXTS/);
  });

  it('a set at the cap expands lazily: batches never hold more than a few thousand items', async () => {
    const stream = await openImportStream(streamOf(`${setLine(200)}\n`), { fileName: 'sets.jsonl' });
    let pairs = 0;
    let largest = 0;
    for await (const batch of stream.batches) {
      largest = Math.max(largest, batch.length);
      pairs += batch.filter((i) => i.ok).length;
    }
    expect(pairs).toBe((200 * 199) / 2);
    expect(largest).toBeLessThanOrEqual(4096);
  });

  it('a TaPaCo set over the cap rejects its extra lines; the cap is configurable', async () => {
    const input = [...tapacoLines(1, 4), ...tapacoLines(2, 2)].join('\n');
    const result = await importText(input, { fileName: 'en.txt', format: 'tapaco', limits: limits({ maxSetTexts: 3 }) });
    expect(result.records).toHaveLength(3 + 1);
    expect(result.errors.map((e) => e.lineNumber)).toEqual([4]);
    expect(result.errors[0]!.message).toMatch(/paraphrase set 1 has more than 3 texts/);
  });

  it('an import that would create more pairs than the limit stops with a fatal error on the line that crosses it', async () => {
    const input = [setLine(5, 1), setLine(5, 2), setLine(5, 3)].join('\n');
    const result = await importText(input, { fileName: 'sets.jsonl', limits: limits({ maxPairs: 15 }) });
    expect(result.records).toHaveLength(10);
    expect(result.errors).toEqual([
      expect.objectContaining({
        lineNumber: 2,
        fatal: true,
        message: expect.stringMatching(/more than 15 pairs.*PARALENS_IMPORT_MAX_PAIRS/) as string,
      }),
    ]);
  });
});

describe('text length', () => {
  it('rejects a text over the character limit or the token limit on its line', async () => {
    const long = 'word '.repeat(30);
    const input = ['Short one.\tAnother short one.', `${long}\tfine`, `fine\t${'x'.repeat(500)}`]
      .map((l, i) => `${i}\t${l}\t1`)
      .join('\n');
    const result = await importText(`id\tsentence1\tsentence2\tlabel\n${input}`, {
      fileName: 'pairs.tsv',
      format: 'tsv',
      map: 'id=id,a=sentence1,b=sentence2,label=label',
      limits: limits({ maxTextTokens: 20, maxTextChars: 300 }),
    });
    expect(result.records).toHaveLength(1);
    expect(result.errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [3, expect.stringMatching(/the first text has more than 20 words.*PARALENS_IMPORT_MAX_TEXT_TOKENS/)],
      [4, expect.stringMatching(/the second text has 500 characters; the limit is 300/)],
    ]);
  });
});

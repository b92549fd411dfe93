import { describe, expect, it } from 'vitest';
import { guessColumnMap, parseColumnMap, resolveMapColumns } from './column-map';
import { deriveArticleTitle, normaliseImageKey } from './image-key';
import { parseDecimal, parseJsonText, replaceNonFiniteTokens } from './json-values';
import { readSimilarities } from './similarity-keys';
import { detectTier, parseTier } from './tier';
import { ImportSetupError, formatImportError } from './types';

describe('parseJsonText', () => {
  it("reads Python json.dumps' NaN / Infinity tokens as null, but not inside strings", () => {
    expect(parseJsonText('{"bleu": NaN, "wms": -Infinity, "t": "NaN Infinity"}')).toEqual({
      ok: true,
      value: { bleu: null, wms: null, t: 'NaN Infinity' },
    });
    expect(replaceNonFiniteTokens('["a\\"NaN", Infinity]')).toBe('["a\\"NaN", null]');
  });

  it('returns the parser message for malformed JSON', () => {
    const result = parseJsonText('{"a": ');
    expect(result.ok).toBe(false);
  });
});

describe('parseDecimal', () => {
  it('reads plain decimals only', () => {
    expect(parseDecimal('3.867')).toBe(3.867);
    expect(parseDecimal(' 5 ')).toBe(5);
    expect(parseDecimal('-1e-3')).toBe(-0.001);
    for (const bad of ['', ' ', 'NaN', 'Infinity', '0x10', '1,5', 'abc']) expect(parseDecimal(bad)).toBeNull();
  });
});

describe('image keys and article titles (docs/sources.md#image-key: URLEncoder-encoded File:<name>, + as _)', () => {
  it('decodes the Commons URL the pipeline writes', () => {
    expect(normaliseImageKey('https://commons.wikimedia.org/wiki/File%3A2017_RiP_-_2Cellos_-_by_2eight_-_8SC1286.jpg')).toBe(
      'File:2017_RiP_-_2Cellos_-_by_2eight_-_8SC1286.jpg',
    );
  });

  it('writes Image:, lower-case file: and local prefixes as File:, spaces as _', () => {
    expect(normaliseImageKey('https://en.wikipedia.org/wiki/Image:Old%20Bridge.png')).toBe('File:Old_Bridge.png');
    expect(normaliseImageKey('file:Old Bridge.png')).toBe('File:Old_Bridge.png');
    expect(normaliseImageKey('Datei:Brücke.jpg')).toBe('File:Brücke.jpg');
    expect(normaliseImageKey('Old_Bridge.png')).toBe('File:Old_Bridge.png');
  });

  it('takes the original name from upload and thumbnail URLs', () => {
    expect(normaliseImageKey('https://upload.wikimedia.org/wikipedia/commons/a/ab/Foo_(bar).jpg')).toBe('File:Foo_(bar).jpg');
    expect(normaliseImageKey('https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Foo.jpg/220px-Foo.jpg')).toBe(
      'File:Foo.jpg',
    );
  });

  it('keeps the first letter as written (the pipeline compared URIs exactly) and a literal + (encoded %2B)', () => {
    expect(normaliseImageKey('https://commons.wikimedia.org/wiki/File%3Afoo%2Bbar.jpg')).toBe('File:foo+bar.jpg');
    expect(normaliseImageKey('   ')).toBeNull();
    expect(normaliseImageKey('https://commons.wikimedia.org')).toBeNull();
  });

  it('derives article titles from page URLs', () => {
    expect(deriveArticleTitle('https://en.wikipedia.org/wiki/Hans_Zimmer%27s_studio')).toBe("Hans Zimmer's studio");
    expect(deriveArticleTitle('https://en.wikipedia.org/wiki/AC%2FDC')).toBe('AC/DC');
    expect(deriveArticleTitle('https://en.wikipedia.org/wiki/AC/DC')).toBe('AC/DC');
    expect(deriveArticleTitle('https://en.wikipedia.org/wiki/Bad%ZZescape')).toBe('Bad%ZZescape');
    expect(deriveArticleTitle('not a url')).toBeNull();
  });
});

describe('readSimilarities (EACL 2023 scorer keys, docs/sources.md#scorer-keys)', () => {
  it('maps the scorer keys, keeps other numbers apart and drops nulls', () => {
    expect(
      readSimilarities({
        'rouge1-f1': 0.5,
        'rougel-f1': 0.25,
        bleu: 0.1,
        wms: 0.8,
        'bert-score-f1': -0.2,
        'sentence-transformer-cos-sim': 0.9,
        'rouge1-precision': 0.4,
        st: null,
      }),
    ).toEqual({
      similarities: { rouge1: 0.5, rougeL: 0.25, bleu: 0.1, wms: 0.8, bertscore: -0.2, st: 0.9 },
      others: { 'rouge1-precision': 0.4 },
      hasOthers: true,
    });
  });

  it('rejects non-numbers and non-objects with the key in the message', () => {
    expect(readSimilarities({ bleu: '0.3' })).toBe('similarities.bleu must be a number, found "0.3"');
    expect(readSimilarities([1])).toBe('similarities must be an object, found [1]');
    expect(readSimilarities({ constructor: 1 })).toEqual({ similarities: {}, others: { constructor: 1 }, hasOthers: true });
  });
});

describe('column maps', () => {
  it('parses fields, similarities, metadata entries and the meta switch', () => {
    expect(parseColumnMap('a=sentence1, b=sentence2,label=gold,score=sim,id=pid,sim.bert-score-f1=bs,meta.genre=g')).toEqual({
      fields: { a: 'sentence1', b: 'sentence2', label: 'gold', score: 'sim', id: 'pid' },
      similarities: { bertscore: 'bs' },
      meta: { genre: 'g' },
      metaRest: false,
    });
    expect(parseColumnMap('a=x,b=y').metaRest).toBe(true);
    expect(parseColumnMap('a=x,b=y,meta.k=z,meta=*').metaRest).toBe(true);
    expect(parseColumnMap('a=x,b=y,meta=none').metaRest).toBe(false);
  });

  it('throws setup errors for unknown keys, bad entries and missing texts', () => {
    expect(() => parseColumnMap('a=x,b=y,colour=z')).toThrow(ImportSetupError);
    expect(() => parseColumnMap('a=x,b=y,sim.meteor=z')).toThrow(/unknown similarity "meteor"/);
    expect(() => parseColumnMap('a=x,b')).toThrow(/must look like key=column/);
    expect(() => parseColumnMap('a=x,label=y')).toThrow(/must name both texts/);
  });

  it('guesses text columns from common names', () => {
    expect(guessColumnMap(['id', 'question1', 'question2', 'is_duplicate'])?.fields).toEqual({
      a: 'question1',
      b: 'question2',
      id: 'id',
      label: 'is_duplicate',
    });
    expect(guessColumnMap(['qid', 'guest_text', 'host_text'])).toBeNull();
  });

  it('resolves names case-insensitively and 1-based positions, and lists what is missing', () => {
    const map = parseColumnMap('a=Sentence1,b=3,label=gold');
    expect(resolveMapColumns(map, ['id', 'sentence1', 'sentence2'])).toBe(
      'column mapping refers to columns that are not in the header (label=gold); columns: id, sentence1, sentence2',
    );
    const ok = resolveMapColumns(parseColumnMap('a=Sentence1,b=3'), ['id', 'sentence1', 'sentence2']);
    expect(typeof ok !== 'string' && ok.fields).toEqual({ a: 'sentence1', b: 'sentence2' });
  });
});

describe('tiers (docs/sources.md#ipc-pair-format: one file per tier)', () => {
  it('reads the tier from the file name', () => {
    expect(detectTier('wikipedia-ipc-gold.jsonl')).toBe('gold');
    expect(detectTier('/data/Wikipedia-IPC-Silver.jsonl')).toBe('silver');
    expect(detectTier('wikipedia-ipc-bronze-sorted.jsonl')).toBe('bronze');
    expect(detectTier('goldfish.jsonl')).toBeUndefined();
    expect(detectTier('gold-vs-silver.jsonl')).toBeUndefined();
  });

  it('validates an explicit tier', () => {
    expect(parseTier(' Gold ')).toBe('gold');
    expect(() => parseTier('platinum')).toThrow(/unknown tier "platinum"/);
  });
});

describe('formatImportError', () => {
  it('renders line N: message', () => {
    expect(formatImportError({ lineNumber: 12, message: 'sentence1 is empty', raw: '' })).toBe('line 12: sentence1 is empty');
  });
});

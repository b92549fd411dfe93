import { describe, expect, it } from 'vitest';
import { decodePairCursor, encodePairCursor } from './pair-cursor';
import { pairFilterToParams, parsePairFilter, unknownFilterParams, type PairFilter } from './pair-filter';

const parse = (query: string) => parsePairFilter(new URLSearchParams(query));
const ok = (query: string): PairFilter => {
  const result = parse(query);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.filter;
};
const errors = (query: string) => {
  const result = parse(query);
  return result.ok ? {} : result.errors;
};

describe('parsePairFilter', () => {
  it('has the documented defaults', () => {
    expect(ok('')).toMatchObject({
      corpora: [],
      q: null,
      ranges: [],
      sort: { key: 'id', desc: false },
      limit: 100,
      cursor: null,
    });
  });

  it('reads every parameter', () => {
    const f = ok(
      'corpus=msrpc,wiki-ipc&q=%20a%25b_c%20&min.bleu=0.5&max.bleu=0.9&max.length=20&tier=GOLD,SILVER&type=CAPTION&campaign=study-1&state=adjudicated&final.paraphraseLoose=true&relation=equivalence,forward&label=1&cell=3,4&sort=-st&limit=1000',
    );
    expect(f).toMatchObject({
      corpora: ['msrpc', 'wiki-ipc'],
      q: 'a%b_c',
      ranges: [
        { key: 'bleu', min: 0.5, max: 0.9 },
        { key: 'length', min: null, max: 20 },
      ],
      tiers: ['GOLD', 'SILVER'],
      types: ['CAPTION'],
      campaign: 'study-1',
      state: 'adjudicated',
      finals: [
        { question: 'paraphraseLoose', values: ['true'] },
        { question: 'relation', values: ['equivalence', 'forward'] },
      ],
      labels: ['1'],
      cell: { syn: 3, sem: 4 },
      sort: { key: 'st', desc: true },
      limit: 1000,
    });
  });

  it('accepts repeated list parameters, as HTML forms send them', () => {
    expect(ok('corpus=a&corpus=b,a&tier=GOLD&tier=SILVER&type=CAPTION&label=x&label=y')).toMatchObject({
      corpora: ['a', 'b'],
      tiers: ['GOLD', 'SILVER'],
      types: ['CAPTION'],
      labels: ['x', 'y'],
    });
  });

  it('orders ranges by the catalogue whatever the parameter order, with length last', () => {
    expect(ok('min.length=3&max.delta=0&min.rouge1=0.1').ranges.map((r) => r.key)).toEqual(['rouge1', 'delta', 'length']);
  });

  it('says what is wrong, by parameter', () => {
    expect(Object.keys(errors('min.foo=1'))).toEqual(['min.foo']);
    expect(errors('min.foo=1')['min.foo']).toContain('unknown measure "foo"');
    expect(errors('min.bleu=0.9&max.bleu=0.1')).toEqual({ 'min.bleu': 'min.bleu (0.9) is above max.bleu (0.1)' });
    expect(errors('min.bleu=abc')).toEqual({ 'min.bleu': 'must be a number; got "abc"' });
    expect(errors('min.bleu=Infinity')).toHaveProperty(['min.bleu']);
    expect(errors('min.bleu=1e400')).toHaveProperty(['min.bleu']); // beyond a float8: Infinity
    expect(errors('min.length=1e20')).toEqual({ 'min.length': 'must be a word count up to 2147483647; got "1e20"' }); // the length columns are int4
    expect(errors('max.length=-3e9')).toHaveProperty(['max.length']);
    expect(ok('min.length=2147483647').ranges).toEqual([{ key: 'length', min: 2147483647, max: null }]);
    expect(errors('sort=-nope')).toHaveProperty(['sort']);
    expect(errors('limit=1001')).toHaveProperty(['limit']);
    expect(errors('limit=0')).toHaveProperty(['limit']);
    expect(errors('limit=2.5')).toHaveProperty(['limit']);
    expect(errors('cell=5,0')).toHaveProperty(['cell']);
    expect(errors('cell=1')).toHaveProperty(['cell']);
    expect(errors('tier=PLATINUM')).toHaveProperty(['tier']);
    expect(errors('state=done')).toHaveProperty(['state']);
    expect(errors('corpus=Bad%20Slug')).toHaveProperty(['corpus']);
    expect(errors('final.=x')).toHaveProperty(['final.']);
    expect(errors('q=' + 'x'.repeat(201))).toHaveProperty(['q']);
  });

  it('refuses cursors it did not write, and cursors of another sort', () => {
    expect(errors('cursor=not-a-cursor').cursor).toContain('not a cursor');
    expect(errors(`cursor=${btoa('{"k":"bleu","d":0,"v":"x","i":3}')}`)).toHaveProperty(['cursor']);
    // A pair id beyond the int4 column (the query would fail) is not a cursor this API wrote.
    const idCursor = (id: number) => encodePairCursor({ key: 'id', desc: false, value: null, id });
    expect(errors(`cursor=${idCursor(9007199254740991)}`).cursor).toContain('not a cursor');
    expect(errors(`cursor=${idCursor(2147483648)}`).cursor).toContain('not a cursor');
    expect(ok(`cursor=${idCursor(2147483647)}`).cursor?.id).toBe(2147483647);
    const cursor = encodePairCursor({ key: 'bleu', desc: true, value: 0.25, id: 17 });
    expect(errors(`sort=bleu&cursor=${cursor}`)).toEqual({ cursor: 'belongs to another sort (-bleu)' });
    expect(ok(`sort=-bleu&cursor=${cursor}`).cursor).toEqual({ key: 'bleu', desc: true, value: 0.25, id: 17 });
  });

  it('leaves other parameters to the caller, who may refuse them', () => {
    expect(ok('cols=a,b&density=compact&min.bleu=0.1').ranges).toHaveLength(1);
    expect(unknownFilterParams(new URLSearchParams('cols=a&count=true&min.bleu=1&final.x=1'), ['count'])).toEqual(['cols']);
  });
});

describe('pairFilterToParams', () => {
  it('is the canonical form: parse ∘ print is the identity on printed filters', () => {
    const query =
      'sort=-bleu&q=bridge%20%25&min.length=2&corpus=b,a&relation=forward&label=x&cell=0,4&state=unannotated&limit=50&max.sem=0.75';
    const printed = pairFilterToParams(ok(query)).toString();
    expect(printed).toBe(
      'corpus=b%2Ca&q=bridge+%25&max.sem=0.75&min.length=2&state=unannotated&final.relation=forward&label=x&cell=0%2C4&sort=-bleu&limit=50',
    );
    expect(pairFilterToParams(ok(printed)).toString()).toBe(printed);
  });

  it('keeps cursors exact (doubles survive the round trip)', () => {
    const value = 0.1 + 0.2;
    const f = ok(`sort=st&cursor=${encodePairCursor({ key: 'st', desc: false, value, id: 5 })}`);
    expect(decodePairCursor(pairFilterToParams(f).get('cursor')!)).toEqual({ key: 'st', desc: false, value, id: 5 });
  });

  it('can leave the cursor and limit out (links to the first page of a view)', () => {
    const f = ok(`limit=10&cursor=${encodePairCursor({ key: 'id', desc: false, value: null, id: 5 })}`);
    expect(pairFilterToParams(f, { cursor: false, limit: false }).toString()).toBe('');
  });
});

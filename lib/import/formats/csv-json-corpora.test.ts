import { describe, expect, it } from 'vitest';
import { importText } from '../test-support';

const errorsOf = (errors: { lineNumber: number; message: string }[]) => errors.map((e) => [e.lineNumber, e.message]);

describe('multipit CSV (RFC 4180 quoting on)', () => {
  it('reads expert rows with quoted commas, doubled quotes and a multi-line cell', async () => {
    const text = [
      'sentence1,sentence2,label',
      '"Today is the #wintersolstice , marking winter .",It\'s the winter solstice .,1',
      'Tony Blairs Apology,"Tony Blair apologised for "" mistakes """,0',
      '"two',
      'lines",x,1',
    ].join('\n');
    const { format, records, errors } = await importText(text, { fileName: 'train.csv' });
    expect(format).toBe('multipit');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.lineNumber, r.a.text, r.b.text, r.referenceLabel, r.isParaphrase])).toEqual([
      [2, 'Today is the #wintersolstice , marking winter .', "It's the winter solstice .", '1', true],
      [3, 'Tony Blairs Apology', 'Tony Blair apologised for " mistakes "', '0', false],
      [4, 'two\nlines', 'x', '1', true],
    ]);
  });

  it('reads the unlabelled auto split', async () => {
    const { records } = await importText('sentence1,sentence2\na,b\n', { fileName: 'val.csv' });
    expect(records[0]).toEqual({
      lineNumber: 2,
      a: { text: 'a', type: 'sentence' },
      b: { text: 'b', type: 'sentence' },
      metadata: {},
      similarities: {},
    });
  });

  it('reports field counts, labels and an unclosed quote at their starting lines', async () => {
    const text = 'sentence1,sentence2,label\na,b\na,b,2\n"open,b,1\nc,d,0\n';
    const { records, errors } = await importText(text, { fileName: 'test.csv', format: 'multipit' });
    expect(errorsOf(errors)).toEqual([
      [2, 'expected 3 comma-separated fields, found 2'],
      [3, 'label must be 0 or 1, found "2"'],
      [4, 'quoted field opened on this line is not closed before the end of the file (unbalanced ")'],
    ]);
    expect(records.map((r) => r.lineNumber)).toEqual([5]);
  });
});

describe('multipit-nmr JSON', () => {
  it('pairs each source with each of its references, streaming member by member', async () => {
    const text = '{"Source one .": ["Ref a .", "Ref b ."], "Source two !": ["Ref c"]}';
    for (const chunkSize of [3, 1 << 16]) {
      const { format, records, errors } = await importText(text, { fileName: 'test_new.json' }, chunkSize);
      expect(format).toBe('multipit-nmr');
      expect(errors).toEqual([]);
      expect(records.map((r) => [r.a.text, r.b.text, r.originalId, r.clusterId, r.isParaphrase])).toEqual([
        ['Source one .', 'Ref a .', '1-1', '1', true],
        ['Source one .', 'Ref b .', '1-2', '1', true],
        ['Source two !', 'Ref c', '2-1', '2', true],
      ]);
    }
  });

  it('rejects a bad member on its own line and stops at broken structure', async () => {
    const text = '{\n "ok": ["r"],\n "empty refs": [],\n "": ["r"],\n "bad": [1, 2,],\n "num": [3]\n "after": ["x"]\n}';
    const { records, errors } = await importText(text, { fileName: 'nmr.json', format: 'multipit-nmr' });
    expect(records).toHaveLength(1);
    expect(errors.map((e) => [e.lineNumber, e.message.replace(/JSON: .*/, 'JSON: <detail>'), e.fatal ?? false])).toEqual([
      [3, 'value must be a non-empty list of reference sentences', false],
      [4, 'source sentence is empty', false],
      [5, 'invalid JSON: <detail>', false],
      [6, 'reference 1 is not a string', false],
      [7, 'invalid JSON document: expected "," or "}", found "\\""', true],
    ]);
  });
});

describe('generic csv / tsv / jsonl with a column mapping', () => {
  it('maps columns, passes unmapped ones to metadata and reads multi-line cells (paraphrases-in-interviews shape)', async () => {
    const text = 'qid,guest_text,host_text,votes_paraphrase,votes_total\nCNN-1,"Line one\nline two",So you said,3,5\n';
    const { format, records, errors } = await importText(text, {
      fileName: 'derived_items_dev.csv',
      map: 'a=guest_text,b=host_text,id=qid',
    });
    expect(format).toBe('csv');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      {
        lineNumber: 2,
        a: { text: 'Line one\nline two', type: 'sentence' },
        b: { text: 'So you said', type: 'sentence' },
        originalId: 'CNN-1',
        metadata: { votes_paraphrase: '3', votes_total: '5' },
        similarities: {},
      },
    ]);
  });

  it('reads labels, scores, yes/no judgements, similarities and named metadata', async () => {
    const text = 'id\ts1\ts2\tgold\tsim\tpara\tbs\tgenre\tnote\n7\tA "q\tB\tE\t0.75\tyes\t0.9\tnews\tx\n';
    const { format, records } = await importText(text, {
      fileName: 'pairs.tsv',
      map: 'a=s1,b=s2,id=id,label=gold,score=sim,paraphrase=para,sim.bertscore=bs,meta.kind=genre',
    });
    expect(format).toBe('tsv');
    expect(records[0]).toEqual({
      lineNumber: 2,
      a: { text: 'A "q', type: 'sentence' },
      b: { text: 'B', type: 'sentence' },
      originalId: '7',
      referenceLabel: 'E',
      referenceScore: 0.75,
      isParaphrase: true,
      metadata: { kind: 'news' },
      similarities: { bertscore: 0.9 },
    });
  });

  it('guesses sentence1/sentence2 when no mapping is given, and says what to do when it cannot', async () => {
    const guessed = await importText('pair_id,question1,question2,is_duplicate\n1,a?,b?,1\n', { fileName: 'quora.csv' });
    expect(guessed.records[0]).toMatchObject({ originalId: '1', referenceLabel: '1', a: { text: 'a?' } });
    const unknown = await importText('x,y\n1,2\n', { fileName: 'x.csv' });
    expect(unknown.errors).toEqual([
      {
        lineNumber: 1,
        message:
          'cannot tell which columns hold the two texts; give a column mapping such as a=sentence1,b=sentence2 (columns: x, y)',
        raw: 'x,y',
        fatal: true,
      },
    ]);
    const missing = await importText('s1,s2\na,b\n', { fileName: 'x.csv', map: 'a=s1,b=s3' });
    expect(missing.errors[0]).toMatchObject({ lineNumber: 1, fatal: true });
    expect(missing.errors[0]?.message).toMatch(/not in the header \(b=s3\)/);
    expect(missing.records).toEqual([]);
  });

  it('reads a file without a header by column position', async () => {
    const { records, errors } = await importText('x\tfirst\tsecond\n\ny\tthird\n', {
      fileName: 'raw.tsv',
      format: 'tsv',
      header: false,
      map: 'a=2,b=3,id=1',
    });
    expect(records.map((r) => [r.originalId, r.a.text, r.b.text, r.metadata])).toEqual([['x', 'first', 'second', {}]]);
    expect(errorsOf(errors)).toEqual([[3, 'expected 3 tab-separated fields, found 2']]);
  });

  it('validates mapped values', async () => {
    const text = 's1,s2,score,para\na,b,high,1\na,,1,1\na,b,1,maybe\n';
    const { errors } = await importText(text, { fileName: 'x.csv', map: 'a=s1,b=s2,score=score,paraphrase=para' });
    expect(errorsOf(errors)).toEqual([
      [2, 'score (score) is not a number: "high"'],
      [3, 'b (s2) is empty'],
      [4, 'paraphrase (para) must be 1/0, true/false or yes/no, found "maybe"'],
    ]);
  });

  it('maps JSON Lines by dotted path and keeps other top-level keys', async () => {
    const text = [
      JSON.stringify({ pair: { left: 'a', right: 'b' }, score: 4.5, tags: ['x'], sim: { st: 0.5 } }),
      JSON.stringify({ pair: { left: 'c', right: 7 }, score: 1 }),
    ].join('\n');
    const { format, records, errors } = await importText(text, {
      fileName: 'my.jsonl',
      map: 'a=pair.left,b=pair.right,score=score,sim.st=sim.st',
    });
    expect(format).toBe('jsonl');
    expect(records[0]).toMatchObject({
      a: { text: 'a' },
      b: { text: 'b' },
      referenceScore: 4.5,
      similarities: { st: 0.5 },
      metadata: { tags: ['x'] },
    });
    expect(errorsOf(errors)).toEqual([[2, 'b (pair.right) must be text, found 7']]);
  });
});

describe('tapaco (own fixture: set id, sentence id, paraphrase, lists, tags)', () => {
  it('expands each contiguous set into all i<j pairs with sid1-sid2 ids', async () => {
    const text = [
      '1\t10\tI love you.\tlist1;list2\ttag1',
      '1\t11\t"I adore you," she said.\t\t',
      '1\t12\tYou are loved by me.',
      '2\t20\tHello.\t\t',
      '2\t21\tHi.\t\t',
    ].join('\n');
    const { format, records, errors } = await importText(text, { fileName: 'en.txt' });
    expect(format).toBe('tapaco');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.lineNumber, r.originalId, r.clusterId, r.a.text, r.b.text])).toEqual([
      [1, '10-11', '1', 'I love you.', '"I adore you," she said.'],
      [1, '10-12', '1', 'I love you.', 'You are loved by me.'],
      [2, '11-12', '1', '"I adore you," she said.', 'You are loved by me.'],
      [4, '20-21', '2', 'Hello.', 'Hi.'],
    ]);
    expect(records[0]).toMatchObject({
      isParaphrase: true,
      metadata: { listsA: ['list1', 'list2'], tagsA: ['tag1'], listsB: [], tagsB: [], lineNumberB: 2 },
    });
  });

  it('accepts the Hugging Face export with header and language column', async () => {
    const text = 'paraphrase_set_id\tsentence_id\tparaphrase\tlists\ttags\tlanguage\n5\t1\tA.\t\t\ten\n5\t2\tB.\t\t\ten\n';
    const { records } = await importText(text, { fileName: 'tapaco.tsv' });
    expect(records).toHaveLength(1);
    expect(records[0]?.metadata.language).toBe('en');
  });

  it('reports empty sentences, single-sentence sets and a set split in two', async () => {
    const text = [
      '1\t1\tA.',
      '1\t2\t ',
      '1\t3\tB.',
      '2\t4\tAlone.',
      '3\t5\tC.',
      '3\t6\tD.',
      '1\t7\tLate member.',
      '3\t8\tE.',
    ].join('\n');
    const { records, errors } = await importText(text, { fileName: 'en.txt', format: 'tapaco' });
    expect(errorsOf(errors)).toEqual([
      [2, 'paraphrase is empty'],
      [4, 'paraphrase set 2 has only one sentence, so it forms no pair'],
      [7, 'paraphrase set 1 comes after set 3: the lines of a set must be contiguous and sets sorted by id'],
    ]);
    expect(records.map((r) => r.originalId)).toEqual(['1-3', '5-6', '5-8', '6-8']);
  });
});

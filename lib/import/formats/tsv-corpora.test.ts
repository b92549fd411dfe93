import { describe, expect, it } from 'vitest';
import { importText } from '../test-support';
import { readPitLabel } from './pit2015';

// Fixtures copy each corpus's layout as docs/import-formats.md describes it (columns,
// BOM, CRLF, bare quotes); the sentences are invented.
const BOM = '\uFEFF';
const errorsOf = (errors: { lineNumber: number; message: string }[]) => errors.map((e) => [e.lineNumber, e.message]);

describe('msrpc', () => {
  const header = `${BOM}Quality\t#1 ID\t#2 ID\t#1 String\t#2 String\r\n`;
  it('reads BOM + CRLF + bare quotes with quoting off', async () => {
    const text = `${header}1\t702876\t702977\tHe called him "the witness".\tReferring to him as "the witness, he said.\r\n0\t1\t2\tA\tB`;
    const { format, records, errors } = await importText(text, { fileName: 'msr_paraphrase_train.txt' });
    expect(format).toBe('msrpc');
    expect(errors).toEqual([]);
    expect(records[0]).toEqual({
      lineNumber: 2,
      a: { text: 'He called him "the witness".', type: 'sentence' },
      b: { text: 'Referring to him as "the witness, he said.', type: 'sentence' },
      originalId: '702876-702977',
      referenceLabel: '1',
      isParaphrase: true,
      metadata: { sentenceIdA: '702876', sentenceIdB: '702977' },
      similarities: {},
    });
    expect(records[1]).toMatchObject({ lineNumber: 3, isParaphrase: false, referenceLabel: '0' });
  });

  it('rejects ragged rows, bad labels and empty strings with line numbers', async () => {
    const text = `${header}1\t1\t2\tonly four\r\n2\t1\t2\ta\tb\r\n1\t1\t2\t\tb\r\n1\t1\t2\ta\tb\textra\r\n`;
    const { records, errors } = await importText(text, { fileName: 'msr.txt', format: 'msrpc' });
    expect(records).toEqual([]);
    expect(errorsOf(errors)).toEqual([
      [2, 'expected 5 tab-separated fields, found 4'],
      [3, 'Quality must be 0 or 1, found "2"'],
      [4, '#1 String is empty'],
      [5, 'expected 5 tab-separated fields, found 6'],
    ]);
    expect(errors[0]?.raw).toBe('1\t1\t2\tonly four');
  });
});

describe('sick', () => {
  const full =
    'pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tentailment_AB\tentailment_BA\tsentence_A_original\tsentence_B_original\tsentence_A_dataset\tsentence_B_dataset\tSemEval_set\r\n' +
    '1\tA kid is "playing"\tA boy plays\tNEUTRAL\t4.5\tA_neutral_B\tB_neutral_A\tKids play.\tA boy playing.\tFLICKR\tFLICKR\tTRAIN';
  it('reads SICK.txt (12 columns, CRLF, no final newline) with the other columns as metadata', async () => {
    const { format, records, errors } = await importText(full, { fileName: 'SICK.txt' });
    expect(format).toBe('sick');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      {
        lineNumber: 2,
        a: { text: 'A kid is "playing"', type: 'sentence' },
        b: { text: 'A boy plays', type: 'sentence' },
        originalId: '1',
        referenceLabel: 'NEUTRAL',
        referenceScore: 4.5,
        metadata: {
          entailment_AB: 'A_neutral_B',
          entailment_BA: 'B_neutral_A',
          sentence_A_original: 'Kids play.',
          sentence_B_original: 'A boy playing.',
          sentence_A_dataset: 'FLICKR',
          sentence_B_dataset: 'FLICKR',
          SemEval_set: 'TRAIN',
        },
        similarities: {},
      },
    ]);
  });

  it('reads the SemEval-2014 5-column layout', async () => {
    const text = 'pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment\n698\tA\tB\t3\tCONTRADICTION\n';
    const { records } = await importText(text, { fileName: 'SICK_train.txt' });
    expect(records[0]).toMatchObject({ originalId: '698', referenceScore: 3, referenceLabel: 'CONTRADICTION', metadata: {} });
  });

  it('validates score range, label and field count; a missing header is fatal', async () => {
    const text =
      'pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment\n1\tA\tB\t5.5\tNEUTRAL\n2\tA\tB\tx\tNEUTRAL\n3\tA\tB\t2\tMAYBE\n4\tA\tB\t2\n';
    const { errors } = await importText(text, { fileName: 'SICK_trial.txt' });
    expect(errorsOf(errors)).toEqual([
      [2, 'relatedness_score 5.5 is outside 1..5'],
      [3, 'relatedness_score is not a number: "x"'],
      [4, 'entailment_judgment must be NEUTRAL, ENTAILMENT or CONTRADICTION, found "MAYBE"'],
      [5, 'expected 5 tab-separated fields, found 4'],
    ]);
    const headless = await importText('1\tA\tB\t3\tNEUTRAL\n2\tA\tB\t3\tNEUTRAL\n', { fileName: 'x.txt', format: 'sick' });
    expect(headless.errors).toEqual([
      {
        lineNumber: 1,
        message: 'expected a header line (pair_ID, sentence_A, sentence_B, ...); is this the right format?',
        raw: '1\tA\tB\t3\tNEUTRAL',
        fatal: true,
      },
    ]);
  });
});

describe('stsb', () => {
  it('reads 7- and 9-field rows, keeps trailing spaces and bare quotes', async () => {
    const text =
      'main-captions\tMSRvid\t2012test\t0001\t5.000\tA plane is taking off.\tAn air plane is taking off. \n' +
      'main-news\theadlines\t2016\t0012\t4\tDriver "backs into stroller\tDriver backs into mom\tEurope Media Monitor (http://emm.newsbrief.eu)\tEurope Media Monitor (http://emm.newsbrief.eu)\n';
    const { format, records, errors } = await importText(text, { fileName: 'sts-train.csv' });
    expect(format).toBe('stsb');
    expect(errors).toEqual([]);
    expect(records[0]).toEqual({
      lineNumber: 1,
      a: { text: 'A plane is taking off.', type: 'sentence' },
      b: { text: 'An air plane is taking off. ', type: 'sentence' },
      originalId: '0001',
      referenceScore: 5,
      metadata: { genre: 'main-captions', filename: 'MSRvid', year: '2012test' },
      similarities: {},
    });
    expect(records[1]).toMatchObject({
      a: { text: 'Driver "backs into stroller' },
      referenceScore: 4,
      metadata: { sourceA: 'Europe Media Monitor (http://emm.newsbrief.eu)' },
    });
  });

  it('rejects scores outside 0..5, non-numbers and wrong field counts', async () => {
    const row = (score: string) => `main-forum\tdeft-forum\t2014\t0001\t${score}\tA\tB`;
    const text = [row('5.2'), row('n/a'), 'main-forum\tdeft-forum\t2014\t0001\t1\tA', row('2.5')].join('\n');
    const { records, errors } = await importText(text, { fileName: 'sts-dev.csv', format: 'stsb' });
    expect(records).toHaveLength(1);
    expect(errorsOf(errors)).toEqual([
      [1, 'score 5.2 is outside 0..5'],
      [2, 'score is not a number: "n/a"'],
      [3, 'expected 7 (or 9 with source columns) tab-separated fields, found 6'],
    ]);
  });
});

describe('paws', () => {
  it('reads with and without the header row', async () => {
    const body = "1\tIn `` Paris '' , 1902 .\tIn Paris `` 1902 '' .\t0\r\n2\tSame text .\tSame text .\t1\r\n";
    const withHeader = await importText(`id\tsentence1\tsentence2\tlabel\r\n${body}`, { fileName: 'dev.tsv' });
    const without = await importText(body, { fileName: 'paws-dev.tsv' });
    expect(withHeader.format).toBe('paws');
    expect(without.format).toBe('paws');
    expect(withHeader.records.map((r) => [r.lineNumber, r.originalId, r.isParaphrase])).toEqual([
      [2, '1', false],
      [3, '2', true],
    ]);
    expect(without.records.map((r) => r.lineNumber)).toEqual([1, 2]);
  });

  it('rejects a label other than 0/1', async () => {
    const { errors } = await importText('id\tsentence1\tsentence2\tlabel\n1\ta\tb\tyes\n', { fileName: 'dev.tsv' });
    expect(errorsOf(errors)).toEqual([[2, 'label must be 0 or 1, found "yes"']]);
  });
});

describe('pit2015 (label mapping from the SemEval-PIT2015 README)', () => {
  it.each([
    ['(5, 0)', true, 1],
    ['(4, 1)', true, 0.8],
    ['(3, 2)', true, 0.6],
    ['(2, 3)', null, 0.4],
    ['(1, 4)', false, 0.2],
    ['(0, 5)', false, 0],
    ['5', true, 5],
    ['4', true, 4],
    ['3', null, 3],
    ['2', false, 2],
    ['0', false, 0],
  ])('label %s -> isParaphrase %s, score %s', (label, isParaphrase, score) => {
    expect(readPitLabel(label)).toMatchObject({ referenceLabel: label, isParaphrase, referenceScore: score });
  });

  it('reads dev rows with votes and tags, topic as cluster', async () => {
    const row =
      '17\tA Walk To Remember\tA Walk to Remember is on\tIm watching A Walk to Remember\t(1, 4)\tA/O/DT/B-NP/O Walk/O/NN/I-NP/O\tIm/O/PRP/B-NP/O';
    const { format, records } = await importText(row + '\n', { fileName: 'dev.data' });
    expect(format).toBe('pit2015');
    expect(records[0]).toEqual({
      lineNumber: 1,
      a: { text: 'A Walk to Remember is on', type: 'sentence' },
      b: { text: 'Im watching A Walk to Remember', type: 'sentence' },
      clusterId: '17',
      referenceLabel: '(1, 4)',
      referenceScore: 0.2,
      isParaphrase: false,
      metadata: {
        topicName: 'A Walk To Remember',
        votesParaphrase: 1,
        votesTotal: 5,
        tagsA: 'A/O/DT/B-NP/O Walk/O/NN/I-NP/O',
        tagsB: 'Im/O/PRP/B-NP/O',
      },
      similarities: {},
    });
  });

  it('rejects malformed labels and vote counts that do not add up to 5', async () => {
    const row = (label: string) => `1\tT\tA\tB\t${label}\tA/O\tB/O`;
    const { errors } = await importText([row('(3, 3)'), row('six'), row('(2, 3)')].join('\n'), {
      fileName: 'x.data',
      format: 'pit2015',
    });
    expect(errorsOf(errors)).toEqual([
      [1, 'vote count (3, 3) does not add up to 5 workers'],
      [2, 'Label must be a vote count like "(3, 2)" or an expert score 0-5, found "six"'],
    ]);
  });
});

describe('twitter-url', () => {
  it('handles blank lines, a double tab before the URL and a last field that is not a URL', async () => {
    const text = [
      'Headline one \tReply one \t(4,6)\thttps://t.co/abc',
      'Headline one \tReply two \t(3,6)\tThink you can beat the quiz ? ',
      '',
      'Headline one \tReply "three \t(0,6)\t\thttps://t.co/abc',
    ].join('\r\n');
    const { format, records, errors } = await importText(text, { fileName: 'Twitter_URL_Corpus_test.txt' });
    expect(format).toBe('twitter-url');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.lineNumber, r.isParaphrase, r.referenceScore, r.metadata])).toEqual([
      [1, true, 4 / 6, { votesParaphrase: 4, votesTotal: 6, url: 'https://t.co/abc' }],
      [2, null, 3 / 6, { votesParaphrase: 3, votesTotal: 6, urlFieldText: 'Think you can beat the quiz ? ' }],
      [4, false, 0, { votesParaphrase: 0, votesTotal: 6, url: 'https://t.co/abc' }],
    ]);
    expect(records[0]).toMatchObject({ a: { text: 'Headline one ' }, referenceLabel: '(4,6)', clusterId: 'https://t.co/abc' });
  });

  it('rejects other vote shapes and a 5-field row whose 4th field is not empty', async () => {
    const text = [
      'a\tb\t(7,6)\thttps://t.co/x',
      'a\tb\t(2,5)\thttps://t.co/x',
      'a\tb\t(2,6)\tx\thttps://t.co/x',
      'a\tb\t(2,6)',
    ].join('\n');
    const { errors } = await importText(text, { fileName: 't.txt', format: 'twitter-url' });
    expect(errorsOf(errors)).toEqual([
      [1, 'votes must look like "(n,6)" with n from 0 to 6, found "(7,6)"'],
      [2, 'votes must look like "(n,6)" with n from 0 to 6, found "(2,5)"'],
      [3, 'expected 4 tab-separated fields, found 5'],
      [4, 'expected 4 tab-separated fields, found 3'],
    ]);
  });
});

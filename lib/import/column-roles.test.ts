import { describe, expect, it } from 'vitest';
import { checkColumnRoles, checkMappingReads, COLUMN_ROLES, previewColumns } from './column-roles';
import { parseColumnMap } from './column-map';
import { bytesOf, importText } from './test-support';

const TSV =
  'pid\tleft\tright\tgold\tsim\n1\tA dog runs.\tA dog is running.\tyes\t4.5\n2\tA cat sleeps.\tA cat is asleep.\tno\t3\n';

describe('COLUMN_ROLES', () => {
  it('are exactly the keys --map takes, the two texts required', () => {
    for (const role of COLUMN_ROLES.filter((r) => !r.required)) expect(parseColumnMap(`a=x,b=y,${role.key}=z`)).toBeTruthy();
    expect(COLUMN_ROLES.filter((r) => r.required).map((r) => r.key)).toEqual(['a', 'b']);
    expect(COLUMN_ROLES.map((r) => r.key)).toEqual(
      expect.arrayContaining(['id', 'label', 'score', 'image', 'paraphrase', 'sim.wms', 'sim.st']),
    );
  });
});

describe('previewColumns', () => {
  it('gives the header and first rows of a TSV, and guesses known column names', () => {
    expect(previewColumns(bytesOf(TSV), 'pairs.tsv', true, 'tsv')).toEqual({
      columns: ['pid', 'left', 'right', 'gold', 'sim'],
      rows: [
        ['1', 'A dog runs.', 'A dog is running.', 'yes', '4.5'],
        ['2', 'A cat sleeps.', 'A cat is asleep.', 'no', '3'],
      ],
      suggested: {},
    });
    const csv = previewColumns(bytesOf('id,sentence1,sentence2\n7,"A, quoted\ntext",B\n'), 'p.csv', true, 'csv');
    expect(csv).toEqual({
      columns: ['id', 'sentence1', 'sentence2'],
      rows: [['7', 'A, quoted\ntext', 'B']],
      suggested: { a: 'sentence1', b: 'sentence2', id: 'id' },
    });
  });

  it('opens JSON objects into dotted paths', () => {
    const preview = previewColumns(
      bytesOf('{"id":1,"pair":{"left":"A","right":"B"},"n":[1]}\n{"id":2,"pair":{"left":"C"}}\n'),
      'p.jsonl',
      true,
      'jsonl',
    );
    expect(preview.columns).toEqual(['id', 'pair.left', 'pair.right', 'n']);
    expect(preview.rows).toEqual([
      ['1', 'A', 'B', '[1]'],
      ['2', 'C', '', ''],
    ]);
  });
});

describe('checkColumnRoles', () => {
  const columns = ['pid', 'left', 'right', 'gold', 'sim'];

  it('answers the --map text of a mapping that fits', () => {
    expect(
      checkColumnRoles({ a: 'left', b: 'right', id: 'pid', label: 'gold', score: '', 'sim.wms': 'sim' }, columns, 'tsv'),
    ).toEqual({ ok: true, map: 'a=left,b=right,id=pid,label=gold,sim.wms=sim' });
    // a name --map cannot write goes by position
    expect(checkColumnRoles({ a: 'x,y', b: 'right' }, ['x,y', 'right'], 'csv')).toEqual({ ok: true, map: 'a=1,b=right' });
  });

  it('puts each broken rule on its role, with the same words as --map', () => {
    expect(checkColumnRoles({ a: 'left', b: '' }, columns, 'tsv')).toEqual({
      ok: false,
      message: 'Choose the columns of the two texts.',
      fields: { b: 'choose the column that holds Text B' },
    });
    expect(checkColumnRoles({ a: 'left', b: 'left' }, columns, 'tsv')).toMatchObject({
      ok: false,
      fields: { b: 'the two texts must come from two different columns (a and b are both left)' },
    });
    expect(checkColumnRoles({ a: 'left', b: 'LEFT' }, columns, 'tsv')).toMatchObject({
      ok: false,
      fields: { b: 'the two texts must come from two different columns (a and b are both left)' },
    });
    expect(checkColumnRoles({ a: 'left', b: 'nope', score: 'sim' }, columns, 'tsv')).toMatchObject({
      ok: false,
      fields: { b: 'the file has no column "nope"' },
    });
    expect(checkColumnRoles({ a: 'left', b: 'right', colour: 'gold' }, columns, 'tsv')).toMatchObject({
      ok: false,
      fields: { colour: expect.stringContaining('not a role') as unknown },
    });
    expect(checkColumnRoles({ a: 'left', b: 'r=ight' }, ['left', 'r=ight'], 'jsonl')).toMatchObject({
      ok: false,
      fields: { b: expect.stringContaining('cannot be mapped') as unknown },
    });
  });

  it('is the rule --map follows too: the same two columns are refused on the command line', async () => {
    expect(() => parseColumnMap('a=left,b=left')).toThrow('the two texts must come from two different columns');
    const result = await importText(TSV, { fileName: 'pairs.tsv', map: 'a=left,b=LEFT' });
    expect(result.errors.map((e) => e.message)).toEqual([
      'the two texts must come from two different columns (a and b are both left)',
    ]);
  });
});

describe('checkMappingReads', () => {
  it('refuses a mapping whose first records cannot be read, on the role that fails', async () => {
    expect(await checkMappingReads(bytesOf(TSV), true, 'pairs.tsv', 'tsv', 'a=left,b=right,score=sim')).toEqual({
      ok: true,
      map: 'a=left,b=right,score=sim',
    });
    expect(await checkMappingReads(bytesOf(TSV), true, 'pairs.tsv', 'tsv', 'a=left,b=right,score=gold')).toEqual({
      ok: false,
      message: 'The column mapping cannot read the file (line 2: score (gold) is not a number: "yes").',
      fields: { score: 'line 2: score (gold) is not a number: "yes"' },
    });
  });

  it('lets a file with some bad records through (Skip invalid records is for them), and ignores a record cut at the end of the head', async () => {
    const mixed = `${TSV}3\tA bird sings.\tA bird is singing.\tyes\thigh\n4\tCut here`;
    expect(await checkMappingReads(bytesOf(mixed), false, 'pairs.tsv', 'tsv', 'a=left,b=right,score=sim')).toEqual({
      ok: true,
      map: 'a=left,b=right,score=sim',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { csvLineFormatter, jsonLineFormatter, splitCopyLine } from './testing/line-reference';
import type { ExportField } from './fields';
import { copyTextFormatter } from './line-format';

const field = (name: string, type: ExportField['type']): ExportField => ({
  name,
  type,
  part: 'texts',
  description: name,
  source: { kind: 'column', column: 'a' },
});
const FIELDS = [
  field('pair_id', 'integer'),
  field('a', 'text'),
  field('bleu', 'number'),
  field('gold', 'boolean'),
  field('metadata', 'json'),
  field('sem_parts', 'text list'),
];

/** COPY text of one value (PostgreSQL docs, "Text Format"): backslash, newline, return and tab escaped. */
const copyValue = (v: string | null) =>
  v === null ? '\\N' : v.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t');
const ROWS: Array<Array<string | null>> = [
  ['1', 'An Easter postcard from 1907.', '0.5333333333333333', 'true', '{"k": "a\\"b"}', '["st", "we\\"ird"]'],
  ['2', '=HYPERLINK("x")\ttab\nline\r\\back', 'NaN', 'false', '-1', null],
  ['3', '', '-Infinity', null, null, '[]'],
  ['4', null, '1e-07', 'true', '"=text"', null],
  [
    '5',
    `every control: ${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('')} 🦓 \u2028`,
    null,
    null,
    '{}',
    null,
  ],
  ['6', '-0.25 text', '-0.25', 'false', '[1, "\\\\"]', '["a"]'],
];
const copyText = ROWS.map((row) => `${row.map(copyValue).join('\t')}\n`).join('');

describe('copyTextFormatter', () => {
  for (const [format, formatter] of [
    ['jsonl', jsonLineFormatter],
    ['csv', csvLineFormatter],
  ] as const) {
    it(`${format}: the same lines as splitCopyLine and the row formatter, whatever the values`, () => {
      const expected = copyText
        .trimEnd()
        .split('\n')
        .map((line) => `${formatter(FIELDS)(splitCopyLine(line))}\n`)
        .join('');
      expect(copyTextFormatter(FIELDS, format)(copyText)).toEqual({ text: expected, rows: ROWS.length });
      // the rows survive the trip through COPY text
      expect(copyText.trimEnd().split('\n').map(splitCopyLine)).toEqual(ROWS);
    });
  }

  it('refuses a row with too few or too many values, and a line without its newline', () => {
    const format = copyTextFormatter(FIELDS, 'jsonl');
    expect(() => format('1\ta\t0.5\ttrue\t{}\n')).toThrow(/fewer than 6/);
    expect(() => format('1\ta\t0.5\ttrue\t{}\t[]\textra\n')).toThrow(/more than 6/);
    expect(() => format('1\ta\t0.5\ttrue\t{}\t[]')).toThrow(/newline/);
    expect(format('')).toEqual({ text: '', rows: 0 });
  });
});

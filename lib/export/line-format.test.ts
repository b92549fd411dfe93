import { describe, expect, it } from 'vitest';
import { csvLineFormatter, jsonLineFormatter, splitCopyLine } from './testing/line-reference';
import type { ExportField } from './fields';
import { copyTextFormatter, neutralizeCsvText } from './line-format';

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

/**
 * COPY text of one value as PostgreSQL writes it (src/backend/commands/copyto.c, CopyAttributeOutText):
 * backslash, backspace, form feed, newline, return, tab and vertical tab escaped; other control
 * characters raw.
 */
const copyValue = (v: string | null) =>
  v === null
    ? '\\N'
    : v
        .replaceAll('\\', '\\\\')
        .replaceAll('\b', '\\b')
        .replaceAll('\f', '\\f')
        .replaceAll('\n', '\\n')
        .replaceAll('\r', '\\r')
        .replaceAll('\t', '\\t')
        .replaceAll('\v', '\\v');
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
      const formatted = copyTextFormatter(FIELDS, format)(Buffer.from(copyText));
      expect({ text: formatted.bytes.toString('utf8'), rows: formatted.rows }).toEqual({ text: expected, rows: ROWS.length });
      // the rows survive the trip through COPY text
      expect(copyText.trimEnd().split('\n').map(splitCopyLine)).toEqual(ROWS);
    });
  }

  it('matches the plain reading on seeded random rows of awkward characters (every control, quotes, backslashes, formula starts, multi-byte)', () => {
    const alphabet = [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
      '"',
      '\\',
      '=',
      '+',
      '-',
      '@',
      "'",
      ',',
      'N',
      'n',
      'a',
      'é',
      '€',
      '🦓',
      '\u2028',
      '\u007f',
      ' ',
    ];
    let seed = 20261129;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648; // a fixed LCG: the same rows every run
      return seed / 2147483648;
    };
    const text = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const rows = Array.from({ length: 2000 }, (_, r) => [
      String(r),
      random() < 0.1 ? null : text(),
      random() < 0.1 ? null : (['NaN', 'Infinity', '-Infinity', '0.5', '-1e-7', ''] as const)[Math.floor(random() * 6)]!,
      random() < 0.5 ? 'true' : 'false',
      random() < 0.2 ? null : JSON.stringify(text()),
      random() < 0.2 ? null : JSON.stringify([text(), text()]),
    ]);
    const input = rows.map((row) => `${row.map(copyValue).join('\t')}\n`).join('');
    expect(input.trimEnd().split('\n').map(splitCopyLine)).toEqual(rows);
    for (const [format, formatter] of [
      ['jsonl', jsonLineFormatter],
      ['csv', csvLineFormatter],
    ] as const) {
      const expected = rows.map((row) => `${formatter(FIELDS)(row)}\n`).join('');
      expect(copyTextFormatter(FIELDS, format)(Buffer.from(input)).bytes.toString('utf8')).toBe(expected);
    }
  });

  it('neutralises the cells a spreadsheet would read as a formula (OWASP CSV injection: = + - @ tab return), and no others', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralizeCsvText(`${start}1`)).toBe(`'${start}1`);
    for (const start of ['a', ' ', "'", '"', '\n', '1', 'é', '🦓', '']) expect(neutralizeCsvText(`${start}1`)).toBe(`${start}1`);
    expect(neutralizeCsvText('')).toBe('');
  });

  it('refuses a row with too few or too many values, and a line without its newline', () => {
    const formatter = copyTextFormatter(FIELDS, 'jsonl');
    const format = (text: string) => formatter(Buffer.from(text));
    expect(() => format('1\ta\t0.5\ttrue\t{}\n')).toThrow(/fewer than 6/);
    expect(() => format('1\ta\t0.5\ttrue\t{}\t[]\textra\n')).toThrow(/more than 6/);
    expect(() => format('1\ta\t0.5\ttrue\t{}\t[]')).toThrow(/newline/);
    expect(format('').rows).toBe(0);
    expect(format('').bytes.length).toBe(0);
  });
});

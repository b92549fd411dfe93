/**
 * The upload page's column mapping for the generic csv / tsv / jsonl formats: the roles a column
 * can take (exactly the keys `--map` knows, column-map.ts), a preview of the file's columns and
 * first rows, and the check of a chosen mapping against the file: the rules of `--map`
 * (buildColumnMap), columns that exist (matchMapColumns), and a reading of the first records with
 * the format's own parser, so a mapping that cannot read the file is refused before the job starts.
 */
import { Readable } from 'node:stream';
import {
  buildColumnMap,
  ColumnMapError,
  FIELD_KEYS,
  guessColumnFields,
  matchMapColumns,
  sameTextColumnsMessage,
  type FieldKey,
} from './column-map';
import { buildFormatSample } from './detect-format';
import { sampleRecords } from './format-definition';
import { parseJsonText, isJsonObject } from './json-values';
import { openImportStream } from './open-import-stream';
import { createDelimitedParser } from './delimited-parser';
import type { ParserOutput } from './format-parser';
import type { JsonValue } from './types';
import { importableMeasureKeys, measureCatalog } from '@/lib/measures/catalog';

export type MappedFormat = 'csv' | 'tsv' | 'jsonl';

export function isMappedFormat(format: string | null | undefined): format is MappedFormat {
  return format === 'csv' || format === 'tsv' || format === 'jsonl';
}

const FIELD_LABELS: Record<FieldKey, string> = {
  a: 'Text A',
  b: 'Text B',
  id: 'Id',
  cluster: 'Cluster (group)',
  label: 'Label',
  score: 'Score',
  paraphrase: 'Paraphrase (1/0, yes/no)',
  image: 'Image URL',
  pageA: 'Page of text A',
  pageB: 'Page of text B',
};

export interface ColumnRole {
  /** The `--map` key: `a`, `b`, `id`, …, `sim.wms`. */
  key: string;
  label: string;
  required: boolean;
}

/** Every role a column can take, in `--map`'s order: the fields, then the importable measures. */
export const COLUMN_ROLES: readonly ColumnRole[] = [
  ...FIELD_KEYS.map((key) => ({ key, label: FIELD_LABELS[key], required: key === 'a' || key === 'b' })),
  ...importableMeasureKeys.map((key) => ({
    key: `sim.${key}`,
    label: `${measureCatalog[key].label} (measure)`,
    required: false,
  })),
];

export interface ColumnPreview {
  /** Header names (CSV, TSV) or key paths of the first objects (JSON Lines, dotted into objects). */
  columns: string[];
  /** The first records, one cell per column ('' when absent). */
  rows: string[][];
  /** Roles guessed from the column names (sentence1/sentence2, id, label, …), as `--map` would without one. */
  suggested: Record<string, string>;
}

export const PREVIEW_ROWS = 5;

function cellText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Paths of an object's values, objects opened into `parent.child` (as `--map` reaches into them). */
function keyPaths(object: Record<string, JsonValue>, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    isJsonObject(value) && Object.keys(value).length > 0 ? keyPaths(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function valueAt(object: Record<string, JsonValue>, path: string): JsonValue | undefined {
  let value: JsonValue | undefined = object;
  for (const part of path.split('.')) value = isJsonObject(value) ? value[part] : undefined;
  return value;
}

function previewJsonLines(records: string[]): Omit<ColumnPreview, 'suggested'> {
  const objects = records.map((line) => parseJsonText(line)).flatMap((r) => (r.ok && isJsonObject(r.value) ? [r.value] : []));
  const columns = [...new Set(objects.flatMap((o) => keyPaths(o)))];
  return { columns, rows: objects.slice(0, PREVIEW_ROWS).map((o) => columns.map((c) => cellText(valueAt(o, c)))) };
}

function previewDelimited(records: string[], delimiter: string, quoting: boolean): Omit<ColumnPreview, 'suggested'> {
  let columns: string[] = [];
  const rows: string[][] = [];
  const parser = createDelimitedParser({
    delimiter,
    quoting,
    header: 'required',
    onHeader: (fields) => {
      columns = fields.map((f) => f.trim());
      return null;
    },
    onRow: (row) => {
      if (rows.length < PREVIEW_ROWS) rows.push(row.fields);
    },
  });
  const out: ParserOutput[] = [];
  records.forEach((text, i) => parser.pushLine({ lineNumber: i + 1, text }, out));
  return { columns, rows };
}

/** The columns and first rows of a file's head in a generic format. */
export function previewColumns(head: Uint8Array, fileName: string, complete: boolean, format: MappedFormat): ColumnPreview {
  const records = sampleRecords(buildFormatSample(head, fileName, complete), 1 + PREVIEW_ROWS * 4);
  const preview =
    format === 'jsonl' ? previewJsonLines(records) : previewDelimited(records, format === 'csv' ? ',' : '\t', format === 'csv');
  return { ...preview, suggested: { ...guessColumnFields(preview.columns) } };
}

export type MappingCheck = { ok: true; map: string | null } | { ok: false; message: string; fields: Record<string, string> };

/** A column name `--map` cannot write (it would split the entry), so it is written by position. */
const needsPosition = (column: string) => /[,=]/.test(column) || column !== column.trim();

/**
 * Checks the roles chosen for a file's columns (`{ a: 'sentence1', b: 'sentence2', score: 'sim' }`)
 * with the rules of `--map`; the fields say which role is wrong. Answers the `--map` text to start
 * the import with.
 */
export function checkColumnRoles(
  roles: Readonly<Record<string, string>>,
  columns: readonly string[],
  format: MappedFormat,
): MappingCheck {
  const entries = Object.entries(roles).filter(([, column]) => column !== '');
  const fields: Record<string, string> = {};
  for (const [key] of entries)
    if (!COLUMN_ROLES.some((r) => r.key === key))
      fields[key] = `not a role a column can take (roles: ${COLUMN_ROLES.map((r) => r.key).join(', ')})`;
  if (Object.keys(fields).length > 0) return { ok: false, message: 'The column mapping names unknown roles.', fields };
  // buildColumnMap refuses a missing text in --map's words; a picker is told which one to choose.
  for (const role of COLUMN_ROLES)
    if (role.required && !roles[role.key]) fields[role.key] = `choose the column that holds ${role.label}`;
  if (Object.keys(fields).length > 0) return { ok: false, message: 'Choose the columns of the two texts.', fields };
  try {
    const { map, missing } = matchMapColumns(buildColumnMap(entries), columns);
    for (const { key, ref } of missing) fields[key] = `the file has no column "${ref}"`;
    if (missing.length === 0 && map.fields.a === map.fields.b) fields.b = sameTextColumnsMessage(map.fields.a ?? '');
  } catch (error) {
    if (!(error instanceof ColumnMapError)) throw error;
    fields[error.key] = error.message;
  }
  for (const [key, column] of entries) {
    if (format === 'jsonl' && needsPosition(column) && !fields[key])
      fields[key] = 'a key holding a comma or = (or spaces at its ends) cannot be mapped; rename it in the file';
  }
  if (Object.keys(fields).length > 0) return { ok: false, message: 'The column mapping does not fit the file.', fields };
  const ref = (column: string) => (needsPosition(column) ? String(columns.indexOf(column) + 1) : column);
  return { ok: true, map: entries.map(([key, column]) => `${key}=${ref(column)}`).join(',') };
}

/** Records of the head the reading check looks at. */
const CHECKED_RECORDS = 20;

/**
 * Reads the first records of the head with the mapping, as the import will: refused when the
 * reading stops (a fatal error) or when not one of the first records can be read. A message that
 * starts with a role (`score (sim) is not a number: "high"`) is put on that role's field.
 */
/** `map` undefined: the columns guessed from the header, as the import would. */
export async function checkMappingReads(
  head: Uint8Array,
  complete: boolean,
  fileName: string,
  format: MappedFormat,
  map: string | undefined,
): Promise<MappingCheck> {
  // Only whole lines: a record cut at the end of the head is not the mapping's fault.
  const end = complete ? head.length : head.lastIndexOf(0x0a) + 1;
  const stream = await openImportStream(Readable.from([head.subarray(0, end)]), { fileName, format, ...(map ? { map } : {}) });
  const failures: { lineNumber: number; message: string }[] = [];
  let read = 0;
  for await (const item of stream.items) {
    if (item.ok) read++;
    else if (item.error.fatal === true) return refusal(map, [item.error]);
    else failures.push(item.error);
    if (read + failures.length >= CHECKED_RECORDS) break;
  }
  if (read === 0 && failures.length > 0) return refusal(map, failures);
  return { ok: true, map: map ?? null };
}

function refusal(map: string | undefined, errors: readonly { lineNumber: number; message: string }[]): MappingCheck {
  const first = errors[0]!;
  const keys = (map ?? '').split(',').map((e) => e.slice(0, e.indexOf('=')));
  const key = keys.find((k) => first.message.startsWith(`${k} (`) || first.message.startsWith(`${k} is`));
  const text = `line ${first.lineNumber}: ${first.message}`;
  return { ok: false, message: `The column mapping cannot read the file (${text}).`, fields: { [key ?? 'map']: text } };
}

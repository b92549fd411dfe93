/**
 * The rows of a file of labels collected elsewhere (`paralens import-annotations`): CSV or TSV
 * with a header line (RFC 4180 quoting, records may span lines; csv-records.ts) or JSON Lines of
 * flat objects, as cells by column name with the line each row starts on. Reading only; what the
 * cells mean is lib/annotation/annotation-import.ts.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { AnnotationFileFormat } from './annotation-format';
import { CsvRecordReader, type CsvResult } from './csv-records';
import { readLines } from './read-lines';

export type FileRow = { line: number; cells: Record<string, unknown> } | { line: number; error: string };

async function* delimitedRows(input: Readable, delimiter: string): AsyncGenerator<FileRow> {
  const reader = new CsvRecordReader({ delimiter });
  let header: string[] | null = null;
  const out: CsvResult[] = [];
  const drain = function* (): Generator<FileRow> {
    for (const result of out.splice(0)) {
      if (!result.ok) {
        yield { line: result.error.lineNumber, error: result.error.message };
        continue;
      }
      const { fields, lineNumber } = result.record;
      if (fields.length === 1 && fields[0] === '') continue;
      if (!header) {
        header = fields.map((f) => f.trim());
        continue;
      }
      if (fields.length !== header.length) {
        yield { line: lineNumber, error: `${fields.length} fields where the header has ${header.length}` };
        continue;
      }
      yield { line: lineNumber, cells: Object.fromEntries(header.map((h, i) => [h, fields[i]])) };
    }
  };
  for await (const line of readLines(input)) {
    reader.push(line, out);
    yield* drain();
  }
  reader.finish(out);
  yield* drain();
}

async function* jsonRows(input: Readable): AsyncGenerator<FileRow> {
  for await (const line of readLines(input)) {
    if (line.text.trim() === '') continue;
    try {
      const value = JSON.parse(line.text) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        yield { line: line.lineNumber, error: 'not a JSON object' };
      else yield { line: line.lineNumber, cells: value as Record<string, unknown> };
    } catch {
      yield { line: line.lineNumber, error: 'not valid JSON' };
    }
  }
}

/** The rows of a stream of such a file (an upload, or a file opened by the caller). */
export function readAnnotationRowsFrom(input: Readable, format: AnnotationFileFormat): AsyncGenerator<FileRow> {
  return format === 'jsonl' ? jsonRows(input) : delimitedRows(input, format === 'tsv' ? '\t' : ',');
}

export function readAnnotationRows(path: string, format: AnnotationFileFormat): AsyncGenerator<FileRow> {
  return readAnnotationRowsFrom(createReadStream(path), format);
}

export { ANNOTATION_FILE_FORMATS, annotationFormatOf, type AnnotationFileFormat } from './annotation-format';

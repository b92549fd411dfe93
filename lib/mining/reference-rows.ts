/**
 * The map step's output: one tab-separated line per image reference, in PostgreSQL's COPY text
 * format (`\N` for none; backslash, tab, newline and carriage return escaped), so a file of them
 * loads with COPY as it is and a cluster's part files can simply be concatenated (no header).
 *
 * Columns: page id, page title, image key, then for the caption and for the alt text: text, word
 * count, is-sentence (t/f, Table 4), has-verb (t/f), case fold, near-equality form. Fold and form
 * are written only for texts with enough words to reach the pair filters.
 */
export interface CaptionCell {
  text: string;
  words: number;
  isSentence: boolean;
  hasVerb: boolean;
  fold: string | null;
  norm: string | null;
}

export interface ReferenceRow {
  pageId: number;
  title: string;
  imageKey: string;
  caption: CaptionCell | null;
  alt: CaptionCell | null;
}

export const REFERENCE_COLUMNS = [
  'page_id',
  'title',
  'image_key',
  'c_text',
  'c_words',
  'c_sentence',
  'c_verb',
  'c_fold',
  'c_norm',
  'a_text',
  'a_words',
  'a_sentence',
  'a_verb',
  'a_fold',
  'a_norm',
] as const;

const NULL = '\\N';
const SPECIAL = /[\\\t\n\r]/;

export function escapeCopyText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function unescapeCopyText(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c));
}

function cellFields(cell: CaptionCell | null): string {
  if (cell === null) return `${NULL}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\t${NULL}`;
  const optional = (v: string | null) => (v === null ? NULL : escapeCopyText(v));
  return `${escapeCopyText(cell.text)}\t${cell.words}\t${cell.isSentence ? 't' : 'f'}\t${cell.hasVerb ? 't' : 'f'}\t${optional(cell.fold)}\t${optional(cell.norm)}`;
}

/** One reference as a line (with its newline). */
export function encodeReferenceRow(row: ReferenceRow): string {
  return `${row.pageId}\t${escapeCopyText(row.title)}\t${escapeCopyText(row.imageKey)}\t${cellFields(row.caption)}\t${cellFields(row.alt)}\n`;
}

function readCell(fields: string[], at: number): CaptionCell | string | null {
  const [text, words, sentence, verb, fold, norm] = fields.slice(at, at + 6);
  if (text === NULL)
    return [words, sentence, verb, fold, norm].every((f) => f === NULL) ? null : 'a missing text has other fields';
  if (!/^\d+$/.test(words ?? '')) return `word count "${words}" is not a number`;
  if ((sentence !== 't' && sentence !== 'f') || (verb !== 't' && verb !== 'f')) return 'sentence and verb flags must be t or f';
  return {
    text: unescapeCopyText(text!),
    words: Number(words),
    isSentence: sentence === 't',
    hasVerb: verb === 't',
    fold: fold === NULL ? null : unescapeCopyText(fold!),
    norm: norm === NULL ? null : unescapeCopyText(norm!),
  };
}

/** Parses one line (without its newline); a string says what is wrong. */
export function decodeReferenceRow(line: string): ReferenceRow | string {
  const fields = line.split('\t');
  if (fields.length !== REFERENCE_COLUMNS.length)
    return `expected ${REFERENCE_COLUMNS.length} tab-separated fields, found ${fields.length}`;
  const [pageId, title, imageKey] = fields;
  if (!/^\d+$/.test(pageId!)) return `page id "${pageId}" is not a number`;
  if (imageKey === NULL || imageKey === '') return 'the image key is empty';
  const caption = readCell(fields, 3);
  if (typeof caption === 'string') return `caption: ${caption}`;
  const alt = readCell(fields, 9);
  if (typeof alt === 'string') return `alt text: ${alt}`;
  return { pageId: Number(pageId), title: unescapeCopyText(title!), imageKey: unescapeCopyText(imageKey!), caption, alt };
}

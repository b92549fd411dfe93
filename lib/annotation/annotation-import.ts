/**
 * Labels brought from elsewhere (`paralens import-annotations`): the column map
 * (`pair=COL,annotator=COL,QUESTION=COL`, or `a=COL,b=COL` to match by exact texts), the value map
 * (`relation:E=equivalence,C=exclusion`), and each row turned into one annotator's answers for one
 * pair, checked against the campaign's questions with the row's line number. Pure.
 */
import { answerFieldErrors, checkPartialAnswers } from './partial-answers';
import type { AnswerValue, Answers, Question } from './questions';

export interface AnnotationColumnMap {
  /** original id of the pair */
  pair?: string;
  /** the two texts, matched exactly in the stored order */
  a?: string;
  b?: string;
  annotator: string;
  /** question key → column */
  questions: Record<string, string>;
}

export type ValueMap = Record<string, Record<string, string>>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * `pair=qid,annotator=worker,semantic=score`: pair or a+b, an annotator, at least one question of the
 * campaign. `needsTexts`: pairs missing from the corpora are created from the file (`--add-pairs`), so
 * a and b are required (pair, when also given, becomes the created pairs' original id).
 */
export function parseColumnMap(
  spec: string,
  questions: readonly Question[],
  { needsTexts = false }: { needsTexts?: boolean } = {},
): Parsed<AnnotationColumnMap> {
  const map: AnnotationColumnMap = { annotator: '', questions: {} };
  const keys = new Set(questions.map((q) => q.key));
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const [key, column] = eq > 0 ? [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] : [part, ''];
    if (!column) return { ok: false, error: `--map: "${part}" is not KEY=COLUMN` };
    if (key === 'pair' || key === 'a' || key === 'b' || key === 'annotator') map[key] = column;
    else if (keys.has(key)) map.questions[key] = column;
    else
      return {
        ok: false,
        error: `--map: "${key}" is neither pair, a, b, annotator nor a question of the campaign (${[...keys].join(', ')})`,
      };
  }
  if (!map.annotator) return { ok: false, error: '--map needs annotator=COLUMN' };
  if (needsTexts && !(map.a && map.b))
    return { ok: false, error: '--add-pairs needs a=COLUMN,b=COLUMN: the texts of the pairs it creates' };
  if (!map.pair && !(map.a && map.b))
    return { ok: false, error: '--map needs pair=COLUMN (original ids) or a=COLUMN,b=COLUMN (exact texts)' };
  if (Object.keys(map.questions).length === 0) return { ok: false, error: '--map names no question of the campaign' };
  return { ok: true, value: map };
}

/** `relation:E=equivalence,C=exclusion,nli:E=entailment`: a value belongs to the last question named before it. */
export function parseValueMap(specs: readonly string[], questions: readonly Question[]): Parsed<ValueMap> {
  const out: ValueMap = {};
  const keys = new Set(questions.map((q) => q.key));
  for (const spec of specs) {
    let current: string | null = null;
    for (const part of spec
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const colon = part.indexOf(':');
      const eq = part.indexOf('=');
      let pair = part;
      if (colon > 0 && (eq < 0 || colon < eq)) {
        current = part.slice(0, colon);
        if (!keys.has(current)) return { ok: false, error: `--values: "${current}" is not a question of the campaign` };
        pair = part.slice(colon + 1);
      }
      const at = pair.indexOf('=');
      if (current === null || at <= 0) return { ok: false, error: `--values: "${part}" is not QUESTION:FROM=TO` };
      (out[current] ??= {})[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return { ok: true, value: out };
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** A cell's text as the question's value type (the check that follows reports what does not fit). */
function coerce(question: Question, text: string): AnswerValue {
  if (question.type === 'likert') return /^-?\d+$/.test(text) ? Number(text) : text;
  if (question.type === 'boolean') {
    const word = text.toLowerCase();
    return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : text;
  }
  return text;
}

export interface AnnotationRow {
  line: number;
  /** original id (with the two texts when the map names them too), or the two texts */
  pair: { originalId: string; texts?: [string, string] } | { texts: [string, string] };
  annotator: string;
  answers: Answers;
}

export type MappedRow = { ok: true; row: AnnotationRow } | { ok: false; line: number; message: string };

export function mapAnnotationRow(
  cells: Readonly<Record<string, unknown>>,
  line: number,
  map: AnnotationColumnMap,
  values: ValueMap,
  questions: readonly Question[],
): MappedRow {
  const text = (column: string | undefined) => {
    const v = column === undefined ? undefined : cells[column];
    return typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  };
  const fail = (message: string): MappedRow => ({ ok: false, line, message });
  const annotator = text(map.annotator);
  if (!annotator) return fail(`no annotator in column "${map.annotator}"`);
  const raw: Record<string, AnswerValue> = {};
  for (const [key, column] of Object.entries(map.questions)) {
    const cell = text(column);
    if (cell === '') continue;
    const question = questions.find((q) => q.key === key)!;
    raw[key] = coerce(question, values[key]?.[cell] ?? cell);
  }
  const checked = checkPartialAnswers(questions, raw);
  if (!checked.ok)
    return fail(
      Object.entries(answerFieldErrors(checked.errors))
        .map(([k, m]) => `${k} ${m}`)
        .join('; '),
    );
  // Texts are matched exactly as stored (imports keep them verbatim, trailing spaces included); only labels and ids are trimmed.
  const verbatim = (column: string | undefined) => {
    const v = column === undefined ? undefined : cells[column];
    return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  };
  const [a, b] = [verbatim(map.a), verbatim(map.b)];
  const texts: [string, string] | null = a.trim() && b.trim() ? [a, b] : null;
  if (map.pair) {
    const originalId = text(map.pair);
    if (!originalId) return fail(`no pair id in column "${map.pair}"`);
    return { ok: true, row: { line, pair: texts ? { originalId, texts } : { originalId }, annotator, answers: checked.answers } };
  }
  return texts ? { ok: true, row: { line, pair: { texts }, annotator, answers: checked.answers } } : fail('a text is missing');
}

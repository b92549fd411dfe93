/**
 * The QUESTIONS file of the qa-assessed import: `number<TAB>question` lines (blank lines skipped).
 * Every question gets its affirmative form here, so a question left without words is reported on
 * its own line. Errors name the file; the import report puts the line number before them.
 */
import { affirmativeForm } from './statements';
import type { QaRules } from './rules';

export interface QaQuestion {
  /** the number as written (`0065`) */
  number: string;
  text: string;
  lineNumber: number;
  affirmative: string;
  rule: string | null;
}

export interface QaQuestionSet {
  fileName: string;
  /** keyed by questionKey(number) */
  byKey: ReadonlyMap<string, QaQuestion>;
}

export interface QaQuestionError {
  lineNumber: number;
  message: string;
  raw: string;
}

/** `0065` and `65` are the same question. */
export function questionKey(number: string): string {
  const t = number.trim();
  return /^\d+$/u.test(t) ? String(Number(t)) : t;
}

export function parseQaQuestions(
  lines: Iterable<{ lineNumber: number; text: string }>,
  fileName: string,
  rules: QaRules,
): { questions: QaQuestionSet; errors: QaQuestionError[] } {
  const byKey = new Map<string, QaQuestion>();
  const errors: QaQuestionError[] = [];
  const fail = (lineNumber: number, message: string, raw: string) =>
    errors.push({ lineNumber, message: `in the questions file ${fileName}: ${message}`, raw });
  for (const { lineNumber, text: raw } of lines) {
    if (raw.trim() === '') continue;
    const fields = raw.split('\t');
    if (fields.length !== 2) {
      fail(lineNumber, `expected 2 tab-separated fields (number, question), found ${fields.length}`, raw);
      continue;
    }
    const [number = '', text = ''] = fields;
    if (!/^\s*\d+\s*$/u.test(number)) {
      fail(lineNumber, `the question number ${JSON.stringify(number)} is not a number`, raw);
      continue;
    }
    if (text.trim() === '') {
      fail(lineNumber, `question ${number.trim()} is empty`, raw);
      continue;
    }
    const key = questionKey(number);
    const earlier = byKey.get(key);
    if (earlier) {
      fail(lineNumber, `question ${number.trim()} is listed twice (first on line ${earlier.lineNumber})`, raw);
      continue;
    }
    const form = affirmativeForm(text, rules);
    if (form.text === '') {
      fail(lineNumber, `question ${number.trim()} has no words left in its affirmative form`, raw);
      continue;
    }
    byKey.set(key, { number: number.trim(), text: text.trim(), lineNumber, affirmative: form.text, rule: form.rule });
  }
  return { questions: { fileName, byKey }, errors };
}

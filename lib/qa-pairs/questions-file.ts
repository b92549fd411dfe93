/**
 * The QUESTIONS file of the qa-assessed import: `number<TAB>question` lines (blank lines skipped).
 * Every question gets its affirmative form here, so a question left without words is reported on
 * its own line. Errors name the file; the import report puts the line number before them.
 *
 * Read line by line with everything a file controls bounded (a 62 MB file once took the web server
 * to 5 GB): at most MAX_QA_QUESTIONS lines with text (QA@CLEF 2006 has 200 questions per language;
 * the rest of a longer file is not read), questions of at most MAX_QA_QUESTION_CHARS characters,
 * and the first SHOWN_QA_QUESTION_ERRORS errors kept with a count of the others.
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

export const MAX_QA_QUESTIONS = 10_000;
export const MAX_QA_QUESTION_CHARS = 2_000;
export const SHOWN_QA_QUESTION_ERRORS = 20;

export interface QaQuestionsResult {
  questions: QaQuestionSet;
  /** the first SHOWN_QA_QUESTION_ERRORS errors, in file order */
  errors: QaQuestionError[];
  /** every error found (the last one may say that the rest of the file was not read) */
  errorCount: number;
}

/** A line as the line reader gives it (lib/import/read-lines.ts), with its problem if any. */
export interface QaQuestionLine {
  lineNumber: number;
  text: string;
  problem?: 'invalid-encoding' | 'too-long';
}

/** Reads a questions file line by line; `push` answers false once the rest of the file must not be read. */
export class QaQuestionsReader {
  private readonly byKey = new Map<string, QaQuestion>();
  private readonly errors: QaQuestionError[] = [];
  private errorCount = 0;
  private entries = 0;
  private stopped = false;

  constructor(
    private readonly fileName: string,
    private readonly rules: QaRules,
  ) {}

  private fail(lineNumber: number, message: string, raw: string): void {
    this.errorCount++;
    if (this.errors.length < SHOWN_QA_QUESTION_ERRORS)
      this.errors.push({ lineNumber, message: `in the questions file ${this.fileName}: ${message}`, raw: raw.slice(0, 200) });
  }

  push(line: QaQuestionLine): boolean {
    if (this.stopped) return false;
    const { lineNumber, text: raw } = line;
    if (raw.trim() === '' && line.problem === undefined) return true;
    if (++this.entries > MAX_QA_QUESTIONS) {
      this.fail(
        lineNumber,
        `more than ${MAX_QA_QUESTIONS.toLocaleString('en')} lines with text: a questions file holds one line per question (QA@CLEF 2006: 200 per language); the rest of the file was not read`,
        raw,
      );
      this.stopped = true;
      return false;
    }
    if (line.problem === 'too-long' || raw.length > MAX_QA_QUESTION_CHARS)
      this.fail(lineNumber, `the line is longer than ${MAX_QA_QUESTION_CHARS.toLocaleString('en')} characters`, raw);
    else if (line.problem === 'invalid-encoding')
      this.fail(lineNumber, 'text is not valid in the file encoding (save the file as UTF-8)', raw);
    else this.readQuestion(lineNumber, raw);
    return true;
  }

  private readQuestion(lineNumber: number, raw: string): void {
    const fields = raw.split('\t');
    if (fields.length !== 2)
      return this.fail(lineNumber, `expected 2 tab-separated fields (number, question), found ${fields.length}`, raw);
    const [number = '', text = ''] = fields;
    if (!/^\s*\d+\s*$/u.test(number))
      return this.fail(lineNumber, `the question number ${JSON.stringify(number)} is not a number`, raw);
    if (text.trim() === '') return this.fail(lineNumber, `question ${number.trim()} is empty`, raw);
    const key = questionKey(number);
    const earlier = this.byKey.get(key);
    if (earlier)
      return this.fail(lineNumber, `question ${number.trim()} is listed twice (first on line ${earlier.lineNumber})`, raw);
    const form = affirmativeForm(text, this.rules);
    if (form.text === '')
      return this.fail(lineNumber, `question ${number.trim()} has no words left in its affirmative form`, raw);
    this.byKey.set(key, { number: number.trim(), text: text.trim(), lineNumber, affirmative: form.text, rule: form.rule });
  }

  finish(): QaQuestionsResult {
    return { questions: { fileName: this.fileName, byKey: this.byKey }, errors: this.errors, errorCount: this.errorCount };
  }
}

export function parseQaQuestions(lines: Iterable<QaQuestionLine>, fileName: string, rules: QaRules): QaQuestionsResult {
  const reader = new QaQuestionsReader(fileName, rules);
  for (const line of lines) if (!reader.push(line)) break;
  return reader.finish();
}

/**
 * The questions file of the qa-assessed import is read line by line within bounds (a 62 MB file of
 * bad lines once took the web server to 5 GB, one error object per line): the first 20 errors are
 * kept with a count of all, at most 10,000 lines with text are read, a line over 2,000 characters
 * is an error, and reading a file of two million bad lines leaves the heap as it was.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkQaQuestionsFile, readQaQuestionsFile } from './open-qa-questions';

const dir = mkdtempSync(path.join(tmpdir(), 'paralens-qa-questions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

describe('reading a questions file', () => {
  it('keeps the first 20 errors and counts them all, within the first 10,000 lines with text', async () => {
    const bad = file('bad.tsv', 'x\n'.repeat(2_000_000));
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const { qa, errors, errorCount } = await readQaQuestionsFile(bad, { fileName: 'bad.tsv' });
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect(errors).toHaveLength(20);
    expect(errors[0]).toEqual({
      lineNumber: 1,
      message: 'in the questions file bad.tsv: expected 2 tab-separated fields (number, question), found 1',
      raw: 'x',
    });
    expect(errorCount).toBe(10_001);
    expect(qa.questions.byKey.size).toBe(0);
    // two million lines were never held: one error object per line took hundreds of MB
    expect(heapGrowth).toBeLessThan(64 << 20);
  });

  it('stops after 10,000 questions, and refuses a line over 2,000 characters', async () => {
    const many = file('many.tsv', Array.from({ length: 10_005 }, (_, i) => `${i + 1}\t¿Quién es el presidente ${i}?`).join('\n'));
    const read = await readQaQuestionsFile(many, { fileName: 'many.tsv' });
    expect(read.qa.questions.byKey.size).toBe(10_000);
    expect(read.errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [
        10_001,
        'in the questions file many.tsv: more than 10,000 lines with text: a questions file holds one line per question (QA@CLEF 2006: 200 per language); the rest of the file was not read',
      ],
    ]);
    const long = file('long.tsv', `1\t¿Qué es ${'muy '.repeat(600)}largo?\n2\t¿Qué es el tóner?\n`);
    const checked = await readQaQuestionsFile(long, { fileName: 'long.tsv' });
    expect(checked.errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [1, 'in the questions file long.tsv: the line is longer than 2,000 characters'],
    ]);
    expect(checked.qa.questions.byKey.size).toBe(1);
  });

  it('the upload check: the count, the first five in the message, the first 20 in the fields', async () => {
    const bad = file('mixed.tsv', ['1\t¿Qué es el tóner?', ...Array.from({ length: 30 }, (_, i) => `q${i}\tx`)].join('\n'));
    const check = await checkQaQuestionsFile(bad, 'mixed.tsv');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.message).toMatch(
      /^30 invalid lines: line 2: in the questions file mixed\.tsv: the question number "q0" is not a number; line 3: .*; line 6: [^;]*; and 25 more$/,
    );
    expect(Object.keys(check.fields)).toHaveLength(20);
    expect(await checkQaQuestionsFile(file('good.tsv', '1\t¿Qué es el tóner?\n'), 'good.tsv')).toEqual({
      ok: true,
      questions: 1,
    });
  });
});

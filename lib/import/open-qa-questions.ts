/**
 * File-system helper of the qa-assessed import: reads the QUESTIONS file (any encoding the import
 * reader knows) line by line and gives each question its affirmative form under the language's
 * rules, within the bounds of lib/qa-pairs/questions-file.ts (lines, characters, errors kept).
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { readLineBatches } from './read-lines';
import type { QaContext } from './format-definition';
import { ImportSetupError } from './types';
import { MAX_QA_QUESTION_CHARS, QaQuestionsReader, type QaQuestionError } from '@/lib/qa-pairs/questions-file';
import { QA_RULE_LANGUAGES, qaRulesFor } from '@/lib/qa-pairs/rules';

/** The qa-assessed import's language when none is given: the one the study's rules are for. */
export const DEFAULT_QA_LANGUAGE = 'es';

export async function readQaQuestionsFile(
  path: string,
  options: { language?: string; fileName?: string } = {},
): Promise<{ qa: QaContext; errors: QaQuestionError[]; errorCount: number }> {
  const language = options.language ?? DEFAULT_QA_LANGUAGE;
  const rules = qaRulesFor(language);
  if (!rules)
    throw new ImportSetupError(
      `no affirmative-form rules for the language "${language}" (there are rules for: ${QA_RULE_LANGUAGES.join(', ')}; docs/import-formats.md#qa-assessed)`,
    );
  const reader = new QaQuestionsReader(options.fileName ?? basename(path), rules);
  const input = createReadStream(path);
  try {
    reading: for await (const batch of readLineBatches(input, { maxLineLength: MAX_QA_QUESTION_CHARS + 1 }))
      for (const line of batch) if (!reader.push(line)) break reading;
  } finally {
    input.destroy();
  }
  const { questions, errors, errorCount } = reader.finish();
  return { qa: { questions, rules }, errors, errorCount };
}

/** What an uploaded questions file holds, or why it is refused (the first errors by line, and their count). */
export type QaQuestionsCheck = { ok: true; questions: number } | { ok: false; message: string; fields: Record<string, string> };

/** Errors shown in the refusal's message; all the kept ones (SHOWN_QA_QUESTION_ERRORS) go in its fields. */
const ERRORS_IN_MESSAGE = 5;

/** The upload form's check of a questions file (run on a compute worker by the web server). */
export async function checkQaQuestionsFile(path: string, fileName: string): Promise<QaQuestionsCheck> {
  const { qa, errors, errorCount } = await readQaQuestionsFile(path, { fileName });
  if (errorCount > 0) {
    const shown = errors.slice(0, ERRORS_IN_MESSAGE).map((e) => `line ${e.lineNumber}: ${e.message}`);
    const more = errorCount > shown.length ? `; and ${(errorCount - shown.length).toLocaleString('en')} more` : '';
    return {
      ok: false,
      message: `${errorCount.toLocaleString('en')} invalid line${errorCount === 1 ? '' : 's'}: ${shown.join('; ')}${more}`,
      fields: Object.fromEntries(errors.map((e) => [`line ${e.lineNumber}`, e.message])),
    };
  }
  if (qa.questions.byKey.size === 0)
    return { ok: false, message: 'The questions file holds no question (number<TAB>question lines).', fields: {} };
  return { ok: true, questions: qa.questions.byKey.size };
}

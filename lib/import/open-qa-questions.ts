/**
 * File-system helper of the qa-assessed import: reads the QUESTIONS file (any encoding the import
 * reader knows) and gives each question its affirmative form under the language's rules.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { readLineBatches, type Line } from './read-lines';
import type { QaContext } from './format-definition';
import { ImportSetupError } from './types';
import { parseQaQuestions, type QaQuestionError } from '@/lib/qa-pairs/questions';
import { QA_RULE_LANGUAGES, qaRulesFor } from '@/lib/qa-pairs/rules';

/** The qa-assessed import's language when none is given: the one the study's rules are for. */
export const DEFAULT_QA_LANGUAGE = 'es';

export async function readQaQuestionsFile(
  path: string,
  options: { language?: string; fileName?: string } = {},
): Promise<{ qa: QaContext; errors: QaQuestionError[] }> {
  const language = options.language ?? DEFAULT_QA_LANGUAGE;
  const rules = qaRulesFor(language);
  if (!rules)
    throw new ImportSetupError(
      `no affirmative-form rules for the language "${language}" (there are rules for: ${QA_RULE_LANGUAGES.join(', ')}; docs/import-formats.md#qa-assessed)`,
    );
  const lines: Line[] = [];
  for await (const batch of readLineBatches(createReadStream(path))) lines.push(...batch);
  const { questions, errors } = parseQaQuestions(lines, options.fileName ?? basename(path), rules);
  return { qa: { questions, rules }, errors };
}

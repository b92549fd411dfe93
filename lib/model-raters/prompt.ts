/**
 * The prompt a model rater gets: one editable template, shown before a run and recorded with it
 * (the exact text and its SHA-256), rendered for each pair into a system and a user message.
 *
 * Placeholders (`{{name}}`, spaces inside the braces allowed):
 * - `{{guidelines}}`    the campaign's guidelines (Markdown), as the annotators read them;
 * - `{{questions}}`     each asked question: its label, its scale anchors or options with the
 *                       values to answer, and where asked MultiPIT's loose or strict definition
 *                       and the six relations with their direction (forward = Text 1 entails Text 2);
 * - `{{answer_format}}` the JSON object to answer with: its keys and allowed values, and under the
 *                       json_object and plain-prompt forms the JSON schema itself;
 * - `{{text1}}`, `{{text2}}` the two texts, in the order this request shows them ("Text 1" and
 *                       "Text 2", as the annotators' workbench names them).
 *
 * A line that is exactly `--- user message ---` separates the system message (above) from the
 * user message (below); without it everything is one user message. The default keeps everything
 * that is the same for every pair in the system message, so servers that cache prompt prefixes
 * (vLLM's automatic prefix caching, llama.cpp's slot cache, OpenAI's prompt caching) reuse it.
 * Rendering is deterministic and single-pass: a text that contains `{{text2}}` stays as written.
 * No Node.js module: the run form renders its live preview with this file in the browser; the
 * template's hash is in prompt-hash.ts.
 */
import type { Question } from '@/lib/annotation/questions';
import type { ResponseFormatMode } from '@/lib/llm/endpoint';
import { describeAnswerFormat, describeQuestions } from './prompt-questions';

export const PROMPT_SEPARATOR = '--- user message ---';
export const PROMPT_PLACEHOLDERS = ['guidelines', 'questions', 'answer_format', 'text1', 'text2'] as const;
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

/** What each placeholder becomes, for the run form and `GET …/model-prompt`. */
export const PROMPT_PLACEHOLDER_MEANINGS: ReadonlyArray<{ name: PromptPlaceholder; meaning: string }> = [
  { name: 'guidelines', meaning: 'the campaign’s guidelines (Markdown), as the annotators read them' },
  {
    name: 'questions',
    meaning:
      'each asked question: its label, its scale anchors or options with the values to answer, and the definitions it relies on',
  },
  {
    name: 'answer_format',
    meaning: 'the JSON object to answer with: its keys and allowed values (and the schema where the server needs it)',
  },
  { name: 'text1', meaning: 'the first text shown (Text 1)' },
  { name: 'text2', meaning: 'the second text shown (Text 2)' },
];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export const DEFAULT_PROMPT_TEMPLATE = `You are one of the annotators of a study of paraphrases. You are shown two texts, Text 1 and Text 2, and you answer questions about them exactly as the human annotators do, following their guidelines.

# The annotators' guidelines

{{guidelines}}

# The questions

{{questions}}

# How to answer

{{answer_format}}
${PROMPT_SEPARATOR}
Text 1:
{{text1}}

Text 2:
{{text2}}

Answer the questions about Text 1 and Text 2 with the JSON object.
`;

const isSeparator = (line: string) => line.trim() === PROMPT_SEPARATOR;

/** What is wrong with a template, as sentences for the editor; empty when it can be used. */
export function checkTemplate(template: string): string[] {
  const problems: string[] = [];
  const used = new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  const known = PROMPT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');
  for (const name of used)
    if (!(PROMPT_PLACEHOLDERS as readonly string[]).includes(name))
      problems.push(`{{${name}}} is not a placeholder (they are ${known}).`);
  if (!used.has('text1')) problems.push('{{text1}} is missing: the model would not see Text 1.');
  if (!used.has('text2')) problems.push('{{text2}} is missing: the model would not see Text 2.');
  if (!used.has('questions')) problems.push('{{questions}} is missing: the model would not know what to answer.');
  if (!used.has('answer_format'))
    problems.push('{{answer_format}} is missing: the model would not know which JSON keys and values to answer with.');
  const separators = template.split('\n').filter(isSeparator).length;
  if (separators > 1)
    problems.push(`The line “${PROMPT_SEPARATOR}” appears ${separators} times; it may separate the two messages only once.`);
  return problems;
}

export interface PromptInput {
  template: string;
  guidelines: string;
  /** the asked questions, in the order asked */
  questions: readonly Question[];
  /** the two texts in the order this request shows them */
  text1: string;
  text2: string;
  /** how the answer's shape is asked for: decides what {{answer_format}} says */
  format: ResponseFormatMode;
}

export interface RenderedPrompt {
  system: string | null;
  user: string;
}

/**
 * What a run's requests share (the question and answer-format texts are the same for every pair):
 * kept per questions array and format, so a run of thousands of pairs describes them once.
 */
const described = new WeakMap<readonly Question[], Map<ResponseFormatMode, { questions: string; answerFormat: string }>>();

function describeOnce(questions: readonly Question[], format: ResponseFormatMode): { questions: string; answerFormat: string } {
  let byFormat = described.get(questions);
  if (!byFormat) {
    byFormat = new Map<ResponseFormatMode, { questions: string; answerFormat: string }>();
    described.set(questions, byFormat);
  }
  let texts = byFormat.get(format);
  if (!texts) {
    texts = { questions: describeQuestions(questions), answerFormat: describeAnswerFormat(questions, format) };
    byFormat.set(format, texts);
  }
  return texts;
}

/** The system and user messages for one request. */
export function renderPrompt(input: PromptInput): RenderedPrompt {
  const shared = describeOnce(input.questions, input.format);
  const values: Record<PromptPlaceholder, string> = {
    guidelines: input.guidelines.trim(),
    questions: shared.questions,
    answer_format: shared.answerFormat,
    text1: input.text1,
    text2: input.text2,
  };
  const fill = (part: string) =>
    part.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as PromptPlaceholder] : whole)).trim();
  const lines = input.template.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex(isSeparator);
  if (at === -1) return { system: null, user: fill(lines.join('\n')) };
  const system = fill(lines.slice(0, at).join('\n'));
  return { system: system === '' ? null : system, user: fill(lines.slice(at + 1).join('\n')) };
}

/**
 * The `{{questions}}` and `{{answer_format}}` parts of a model's prompt: each asked question as the
 * annotators' form asks it (its label, its scale anchors or options with the values to answer),
 * with the definitions the campaign's default guidelines give for it, in the papers' words from
 * lib/annotation/guideline-quotes.ts: MultiPIT's loose and strict paraphrase (Dou et al. 2022,
 * sec. 2.4 and Fig. 11) and the thesis's relations (Gohsen 2021, sec. 3.2), with the direction of
 * entailment stated for Text 1 and Text 2 as the workbench shows them. Under the json_object and
 * plain forms, where the server does not enforce a schema, the answer format also carries the JSON
 * schema itself.
 */
import type { Question } from '@/lib/annotation/questions';
import * as Q from '@/lib/annotation/guideline-quotes';
import { RELATION_LABELS, isRelation, type Relation } from '@/lib/annotation/relations';
import type { ResponseFormatMode } from '@/lib/llm/endpoint';
import { buildResponseSchema, likertScale, optionValues, textMaxLength } from './response-schema';

const quoted = (x: Q.Quote) => `“${x.parts.join(' ')}” (${Q.GUIDELINE_SOURCES[x.source].short}, ${x.where})`;

// The same sentences as the similarity section of lib/annotation/default-guidelines.ts.
const LIKERT_WHAT: Record<string, string> = {
  semantic: 'how much of their meaning (the information they convey) the two texts share',
  syntactic: 'how much of their wording and structure (words, phrases, word order) the two texts share, whatever they mean',
};

const RELATION_DEFINITION: Record<Relation, string> = {
  equivalence: quoted(Q.RELATION_GUIDES[0]!.definition),
  forward: `Text 1 entails Text 2: everything Text 2 says follows from Text 1, and Text 1 says more (it is the more specific). ${quoted(Q.RELATION_GUIDES[1]!.definition)}`,
  reverse: 'Text 2 entails Text 1: everything Text 1 says follows from Text 2, and Text 2 says more (it is the more specific).',
  intersection: quoted(Q.RELATION_GUIDES[2]!.definition),
  exclusion: quoted(Q.RELATION_GUIDES[3]!.definition),
  negation: quoted(Q.RELATION_GUIDES[4]!.definition),
};

const headings = (cases: readonly Q.DefinitionCase[]) => cases.map((c) => `    - ${c.heading.replace(/:$/, '')}`).join('\n');

function paraphraseDefinition(key: string): string | null {
  if (key === 'paraphraseLoose')
    return [
      `  The loose definition (MultiPIT): ${quoted(Q.LOOSE_DEFINITION)}`,
      `  ${quoted(Q.TWO_CRITERIA)} Under the loose definition such a pair is a paraphrase, as long as the new information is about the same thing.`,
    ].join('\n');
  if (key === 'paraphraseStrict')
    return [
      `  The strict definition, MultiPIT's expert instruction as printed (A is Text 1, B is Text 2) (${Q.GUIDELINE_SOURCES.multipit2022.short}, Appendix A.2, Fig. 11):`,
      '  A and B is a paraphrase pair if:',
      headings(Q.STRICT_PARAPHRASE_CASES),
      '  A and B is a non-paraphrase pair if:',
      headings(Q.STRICT_NON_PARAPHRASE_CASES),
    ].join('\n');
  return null;
}

function describeQuestion(question: Question): string {
  const head = `- "${question.key}": ${question.label}`;
  switch (question.type) {
    case 'likert': {
      const what = LIKERT_WHAT[question.key];
      const anchors = (question.options ?? []).map((o) => `    ${o.value} = ${o.label}`);
      const scale = likertScale(question);
      return [`${head}. ${what ? `Rate ${what}. ` : ''}Answer an integer from ${scale[0]} to ${scale.at(-1)}:`, ...anchors].join(
        '\n',
      );
    }
    case 'boolean':
      return [`${head} Answer true or false.`, paraphraseDefinition(question.key)].filter(Boolean).join('\n');
    case 'relation': {
      const lines = optionValues(question).map((value) => {
        const label = isRelation(value) ? RELATION_LABELS[value].replace(/ \(.*\)$/, '') : value;
        return `    "${value}": ${label}. ${isRelation(value) ? RELATION_DEFINITION[value] : ''}`.trimEnd();
      });
      return [`${head}. Answer one of:`, ...lines].join('\n');
    }
    case 'choice': {
      const order = question.level === 'ordinal' ? ' The options are ordered, from the least to the most.' : '';
      const lines = (question.options ?? []).map((o) => `    "${o.value}"${o.label === o.value ? '' : `: ${o.label}`}`);
      return [`${head}. Answer one of:${order}`, ...lines].join('\n');
    }
    case 'text':
      return `${head}. In one to three sentences, say what decides your answers: what the texts share, and what one adds, leaves out or contradicts. At most ${textMaxLength(question)} characters.`;
  }
}

/** The `{{questions}}` text: every asked question in the order asked. */
export function describeQuestions(questions: readonly Question[]): string {
  return questions.map(describeQuestion).join('\n\n');
}

function valueShape(question: Question): string {
  switch (question.type) {
    case 'likert': {
      const scale = likertScale(question);
      return `an integer from ${scale[0]} to ${scale.at(-1)}`;
    }
    case 'boolean':
      return 'true or false';
    case 'relation':
    case 'choice':
      return `one of ${optionValues(question)
        .map((v) => `"${v}"`)
        .join(', ')}`;
    case 'text':
      return `a string of at most ${textMaxLength(question)} characters`;
  }
}

/** The `{{answer_format}}` text: the keys and their values, and the schema when the server will not enforce it. */
export function describeAnswerFormat(questions: readonly Question[], mode: ResponseFormatMode): string {
  const lines = [
    'Answer with one JSON object and nothing else, with exactly these keys:',
    ...questions.map((q) => `- "${q.key}": ${valueShape(q)}`),
  ];
  if (mode !== 'json_schema')
    lines.push(
      '',
      'The object must match this JSON schema:',
      '```json',
      JSON.stringify(buildResponseSchema(questions)),
      '```',
      'Write no text before or after the object.',
    );
  return lines.join('\n');
}

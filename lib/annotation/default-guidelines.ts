/**
 * The default guidelines of a campaign, in Markdown, built for the questions it asks: the Likert
 * scales of the EACL 2023 similarity study (Gohsen et al. 2023, sec. 4), MultiPIT's loose and
 * strict paraphrase definitions with its examples (Dou et al. 2022, sec. 2.4-2.5, Fig. 3 and 11),
 * the thesis's five entailment relations with its examples (Gohsen 2021, sec. 3.2), how to write a
 * rationale (the Spanish QA study, sec. 4.1), and each custom choice question with its options.
 * Quotations come from lib/annotation/guideline-quotes.ts, which a test checks against the papers.
 * The Markdown holds no HTML; it is rendered without raw HTML anyway. Pure.
 */
import { LIKERT_ANCHORS, type AnswerCondition, type Question } from './questions';
import { RELATION_LABELS, type Relation } from './relations';
import * as Q from './guideline-quotes';

const cite = (source: Q.SourceId, where: string) => `(${Q.GUIDELINE_SOURCES[source].short}, ${where})`;
const quote = (x: Q.Quote) => `> “${x.parts.join(' ')}” ${cite(x.source, x.where)}`;
const pairLines = (p: Q.ExamplePair, first = 'A', second = 'B') => `- **${first}:** ${p.a}\n- **${second}:** ${p.b}`;

/**
 * What the campaign's texts are, from its corpora's text types (lib/annotation/text-kind.ts):
 * captions or alt texts of images, sentences (SICK, MSRPC, PAWS, STS-B…), or both. The intro and the
 * paraphrase section speak of what the annotators will actually see.
 */
export type TextKind = 'captions' | 'sentences' | 'mixed';

function intro(kind: TextKind): string {
  const what =
    kind === 'sentences'
      ? 'You will see two sentences side by side. Judge the two sentences as they are written: do not look things up, and do not guess at a context they do not give.'
      : kind === 'mixed'
        ? 'You will see two texts side by side: two sentences, or two captions that Wikipedia editors wrote for the same image. Judge the two texts as they are written: do not look things up, and do not guess what an image shows.'
        : 'You will see two texts side by side, for example two captions that Wikipedia editors wrote for the same image. Judge the two texts as they are written: do not look things up, and do not guess what the image shows.';
  return [
    '# Annotation guidelines',
    `${what} The texts are plain text; markup in them is part of the text.`,
    'Answer every question the form marks as required. Follow your first careful reading; when a case is borderline, choose the answer that fits best and, where a rationale is asked for, say why.',
  ].join('\n\n');
}

function similaritySection(keys: ReadonlyArray<'semantic' | 'syntactic'>): string {
  const scale = (key: 'semantic' | 'syntactic') => {
    const prefix = key === 'semantic' ? 'sem' : 'syn';
    const rows = LIKERT_ANCHORS[key].map((o) => `| ${o.value} (${prefix}-${o.value}) | ${o.label} |`);
    const what =
      key === 'semantic'
        ? 'how much of their meaning (the information they convey) the two texts share'
        : 'how much of their wording and structure (words, phrases, word order) the two texts share, whatever they mean';
    const table = ['| rating | anchor |', '| --- | --- |', ...rows].join('\n');
    return [`### ${key === 'semantic' ? 'Semantic' : 'Syntactic'} similarity (0-4)`, `Rate ${what}.`, table].join('\n\n');
  };
  const examples = Q.TABLE5_EXAMPLES.map(
    ({ id, pair, comment }) => `${pairLines(pair, `${id}1`, `${id}2`)}\n\n${quote(comment)}`,
  );
  return [
    '## Similarity ratings',
    'The two ratings follow the study of the paper this tool serves, which rated semantic and syntactic similarity separately, each on five levels (shown there as sem-0 … sem-4 and syn-0 … syn-4):',
    quote(Q.STUDY_DESIGN),
    'The paper does not print wording for the five levels; the anchors below are this tool’s, one per level. The two dimensions are independent: a pair can share its meaning in entirely different words, which the paper calls a sophisticated paraphrase:',
    quote(Q.SOPHISTICATION),
    ...keys.map(scale),
    '### Examples',
    `Caption pairs from Wikipedia with the paper’s comments ${cite('eacl2023', 'Table 5 and sec. 4')}. The paper gives automatic scores for them, not human ratings, so no rating is implied here.`,
    ...examples,
  ].join('\n\n');
}

function caseList(cases: readonly Q.DefinitionCase[]): string {
  return cases.map((c) => `**${c.heading}**\n\n${pairLines(c.pair)}\n\n*Explanation:* ${c.explanation}`).join('\n\n');
}

function paraphraseSection(loose: boolean, strict: boolean, kind: TextKind): string {
  const both = loose && strict;
  const parts = [
    '## Paraphrase: yes or no',
    `Two definitions from MultiPIT ${cite('multipit2022', 'sec. 1 and Fig. 3')}. ${both ? 'You answer both questions, one under each definition.' : `This campaign asks under the ${loose ? 'loose' : 'strict'} definition only.`} They differ in one point:`,
    quote(Q.TWO_CRITERIA),
    quote(Q.TSUNAMI),
    'In MultiPIT’s terms (Fig. 3), B is a paraphrase of A when it simplifies A (drops minor details), or adds commonsense or world knowledge; under the loose definition also when it adds information that would need fact-checking.',
  ];
  if (loose) {
    parts.push(
      '### Loose definition (for tracking information)',
      quote(Q.LOOSE_DEFINITION),
      kind === 'sentences'
        ? 'Here the two sentences must still be about the same thing (the same event, entity or situation), as MultiPIT’s tweets shared a trend or URL: new information that is about something else makes the pair no paraphrase. MultiPIT’s example of information that needs fact-checking (a loose paraphrase, but not a strict one):'
        : 'Here the shared image plays the part of MultiPIT’s shared trend or URL: new information must still be about the same thing, otherwise the pair is not a paraphrase. MultiPIT’s example of information that needs fact-checking (a loose paraphrase, but not a strict one):',
      pairLines(Q.STRICT_NON_PARAPHRASE_CASES[0]!.pair, 'C1', 'C2'),
      quote(Q.EXTREME_LOOSE),
    );
  }
  if (strict) {
    parts.push(
      '### Strict definition (for generation)',
      `The instruction MultiPIT’s experts followed, quoted as printed ${cite('multipit2022', 'Appendix A.2, Fig. 11')}. The reason for the stricter line:`,
      quote(Q.STRICT_REASON),
      '**A and B is a paraphrase pair if:**',
      caseList(Q.STRICT_PARAPHRASE_CASES),
      '**A and B is a non-paraphrase pair if:**',
      caseList(Q.STRICT_NON_PARAPHRASE_CASES),
    );
  }
  parts.push('Sharing a subject is not enough:', quote(Q.SIGNIFICANT_SHARE));
  return parts.join('\n\n');
}

function relationSection(): string {
  const guides = Q.RELATION_GUIDES.map((g) =>
    [
      `### ${g.heading}`,
      quote(g.definition),
      `Example ${cite('thesis2021', g.where)}:`,
      pairLines(g.example, 't1', 't2'),
      quote(g.discussion),
    ].join('\n\n'),
  );
  const labels = (Object.keys(RELATION_LABELS) as Relation[]).map((r) => `- **${RELATION_LABELS[r]}**`).join('\n');
  return [
    '## Entailment relation',
    quote(Q.RELATIONS_INTRO),
    'Choose one of:',
    labels,
    '**Direction.** The thesis merges forward and reverse entailment into one class; here you record the direction, relative to the order on your screen. *Forward*: the first text entails the second (everything the second says follows from the first; the first is the more specific one). *Reverse*: the second entails the first. In the thesis’s example of forward/reverse entailment below, shown in that order, t2 entails t1: the answer is **reverse entailment**.',
    ...guides,
    `Whether a relation makes a paraphrase, summarised from the thesis ${cite('thesis2021', 'sec. 3.2')}: equivalence always; forward/reverse entailment and intersection depending on the proportion of shared information; exclusion and negation never.`,
    quote(Q.RELATIONS_ARE_HARD),
  ].join('\n\n');
}

function describeCondition(c: AnswerCondition, byKey: ReadonlyMap<string, Question>): string {
  const question = byKey.get(c.question);
  const name = question?.label ?? c.question;
  const value = (v: string | number | boolean) =>
    question?.type === 'relation' && typeof v === 'string' && v in RELATION_LABELS
      ? RELATION_LABELS[v as Relation]
      : question?.type === 'boolean'
        ? v
          ? 'yes'
          : 'no'
        : String(v);
  return `${name}: ${c.values.map(value).join(' or ')}`;
}

function rationaleSection(question: Question, byKey: ReadonlyMap<string, Question>, kind: TextKind): string {
  const when = question.required
    ? 'A rationale is required for every pair.'
    : question.requiredWhen && question.requiredWhen.length > 0
      ? `A rationale is required when you answer ${question.requiredWhen.map((c) => describeCondition(c, byKey)).join('; or ')}. Otherwise it is optional, and welcome on borderline pairs.`
      : 'A rationale is optional; write one on borderline pairs.';
  return [
    '## Rationale',
    `${when} Rationales are read when annotators disagree, as the Spanish QA study proposed:`,
    quote(Q.TWO_ROUNDS),
    'How to write one (one to three sentences):',
    [
      '- Name what the texts share, and what one adds, leaves out or contradicts; quote the words that decide it.',
      `- Say when your answer relies on world knowledge or on the context (for example, that both texts are about the same ${kind === 'sentences' ? 'event or person' : 'image or event'}).`,
      '- On a borderline pair, say which way you leaned and why. Do not repeat the label itself.',
    ].join('\n'),
    'The study found these sources of disagreement; a rationale that addresses them helps the second round:',
    Q.DISAGREEMENT_SOURCES.map((x) => `- “${x.parts.join(' ')}” ${cite(x.source, x.where)}`).join('\n'),
  ].join('\n\n');
}

function choiceSection(question: Question): string {
  const level =
    question.level === 'ordinal'
      ? 'The options are ordered (ordinal): from the first to the last, each is “more” than the one before.'
      : 'The options are categories without an order (nominal).';
  const options = (question.options ?? [])
    .map((o, i) => `${i + 1}. **${o.label}**${o.label === o.value ? '' : ` (\`${o.value}\`)`}`)
    .join('\n');
  return [`## ${question.label}`, `${question.required ? 'Required.' : 'Optional.'} ${level}`, options].join('\n\n');
}

function sourcesSection(questions: readonly Question[]): string {
  const used = new Set<Q.SourceId>();
  for (const q of questions) {
    if (q.key === 'semantic' || q.key === 'syntactic') used.add('eacl2023');
    if (q.key === 'paraphraseLoose' || q.key === 'paraphraseStrict') used.add('multipit2022').add('thesis2021');
    if (q.key === 'relation') used.add('thesis2021');
    if (q.key === 'rationale') used.add('spanishQa');
  }
  const ids = (Object.keys(Q.GUIDELINE_SOURCES) as Q.SourceId[]).filter((id) => used.has(id));
  return ids.length === 0 ? '' : ['## Sources', ids.map((id) => `- ${Q.GUIDELINE_SOURCES[id].full}`).join('\n')].join('\n\n');
}

/**
 * The guidelines for the questions a campaign asks: only the sections for those questions, in a
 * fixed order (similarity, paraphrase, relation, custom questions, rationale), then the sources;
 * worded for the texts the campaign shows (`kind`, default captions: the tool's own material).
 */
export function buildDefaultGuidelines(questions: readonly Question[], kind: TextKind = 'captions'): string {
  const keys = new Set(questions.map((q) => q.key));
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const sections = [intro(kind)];
  const scales = (['semantic', 'syntactic'] as const).filter((k) => keys.has(k));
  if (scales.length > 0) sections.push(similaritySection(scales));
  if (keys.has('paraphraseLoose') || keys.has('paraphraseStrict'))
    sections.push(paraphraseSection(keys.has('paraphraseLoose'), keys.has('paraphraseStrict'), kind));
  if (keys.has('relation')) sections.push(relationSection());
  for (const q of questions) if (q.type === 'choice') sections.push(choiceSection(q));
  const rationale = byKey.get('rationale');
  if (rationale) sections.push(rationaleSection(rationale, byKey, kind));
  sections.push(sourcesSection(questions));
  return `${sections.filter(Boolean).join('\n\n')}\n`;
}

/** The kind of texts a campaign shows, from the text types of its corpora (CAPTION, ALT_TEXT, SENTENCE). */
export function textKindOf(textTypes: readonly string[]): TextKind {
  const sentences = textTypes.includes('SENTENCE');
  const captions = textTypes.some((t) => t === 'CAPTION' || t === 'ALT_TEXT');
  return sentences && captions ? 'mixed' : sentences ? 'sentences' : 'captions';
}

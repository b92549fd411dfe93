/**
 * Default guidelines: only the sections for the questions asked, custom questions with their
 * options, rationale conditions spelled out, no HTML; and every quoted passage and example is found
 * in the papers themselves (../shared/seeds; skipped with a message when absent, failing under CI).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDefaultGuidelines, textKindOf } from './default-guidelines';
import * as Q from './guideline-quotes';
import { resolveQuestions, type Question, type QuestionInput } from './questions';
import { describeWithDatasets, sharedDatasetPath } from '@/lib/testing/shared-datasets';

function questions(...inputs: QuestionInput[]): Question[] {
  const resolved = resolveQuestions(inputs);
  if ('errors' in resolved) throw new Error(resolved.errors.join('; '));
  return resolved.questions;
}

const headings = (md: string) => md.split('\n').filter((l) => /^#{1,3} /.test(l));

describe('buildDefaultGuidelines', () => {
  it('speaks of the texts the campaign shows: captions by default, sentences for sentence corpora, both when mixed', () => {
    const asked = questions('paraphraseLoose', 'rationale');
    const captions = buildDefaultGuidelines(asked);
    expect(captions).toContain('two captions that Wikipedia editors wrote for the same image');
    expect(captions).toContain('the shared image plays the part');
    const sentences = buildDefaultGuidelines(asked, textKindOf(['SENTENCE']));
    expect(sentences).toContain('You will see two sentences side by side');
    expect(sentences).not.toMatch(/captions that Wikipedia editors wrote|the shared image|what the image shows|same image/);
    expect(buildDefaultGuidelines(asked, textKindOf(['CAPTION', 'SENTENCE']))).toContain('two sentences, or two captions');
    expect(textKindOf(['ALT_TEXT'])).toBe('captions');
    expect(textKindOf([])).toBe('captions');
  });

  it('has only the sections of the questions asked', () => {
    const md = buildDefaultGuidelines(questions('semantic'));
    expect(headings(md)).toEqual([
      '# Annotation guidelines',
      '## Similarity ratings',
      '### Semantic similarity (0-4)',
      '### Examples',
      '## Sources',
    ]);
    expect(md).toContain('| 4 (sem-4) | the same meaning |');
    expect(md).toContain('Gohsen, Matthias Hagen');
    expect(md).not.toMatch(/MultiPIT|Entailment relation|Rationale|Dou, Jiang/);
  });

  it('builds every section for every question type, custom options in order with their level', () => {
    const md = buildDefaultGuidelines(
      questions('semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale', {
        key: 'nli',
        type: 'choice',
        label: 'Inference label',
        options: ['entailment', 'neutral', 'contradiction'],
        level: 'ordinal',
        required: false,
      }),
    );
    const h = headings(md);
    for (const heading of [
      '## Similarity ratings',
      '### Syntactic similarity (0-4)',
      '## Paraphrase: yes or no',
      '### Loose definition (for tracking information)',
      '### Strict definition (for generation)',
      '## Entailment relation',
      '### Negation',
      '## Inference label',
      '## Rationale',
      '## Sources',
    ]) {
      expect(h).toContain(heading);
    }
    expect(h.indexOf('## Inference label')).toBeLessThan(h.indexOf('## Rationale'));
    expect(md).toContain('1. **entailment**\n2. **neutral**\n3. **contradiction**');
    expect(md).toContain('Optional. The options are ordered (ordinal)');
    expect(md).toContain('You answer both questions, one under each definition.');
    // every source cited, each once in the list
    for (const source of Object.values(Q.GUIDELINE_SOURCES)) expect(md.split(source.full).length - 1).toBe(1);
    // every relation of the thesis, with its example
    for (const guide of Q.RELATION_GUIDES) expect(md).toContain(`- **t1:** ${guide.example.a}\n- **t2:** ${guide.example.b}`);
  });

  it('keeps loose and strict apart', () => {
    const loose = buildDefaultGuidelines(questions('paraphraseLoose'));
    expect(loose).toContain('under the loose definition only');
    expect(loose).toContain(Q.STRICT_NON_PARAPHRASE_CASES[0]!.pair.b);
    expect(loose).not.toContain('Chad from World of Jenks');
    const strict = buildDefaultGuidelines(questions('paraphraseStrict'));
    expect(strict).toContain('under the strict definition only');
    expect(strict).toContain('Chad from World of Jenks');
    expect(strict).not.toContain(Q.LOOSE_DEFINITION.parts[0]);
  });

  it('spells out when a rationale is required', () => {
    const conditional = buildDefaultGuidelines(
      questions('relation', 'paraphraseStrict', {
        key: 'rationale',
        requiredWhen: [
          { question: 'relation', values: ['negation', 'exclusion'] },
          { question: 'paraphraseStrict', values: [false] },
        ],
      }),
    );
    expect(conditional).toContain(
      'A rationale is required when you answer Entailment relation: Negation or Exclusion; or Paraphrase under the strict definition?: no.',
    );
    expect(buildDefaultGuidelines(questions('semantic', { key: 'rationale', required: true }))).toContain(
      'A rationale is required for every pair.',
    );
    expect(buildDefaultGuidelines(questions('semantic', 'rationale'))).toContain('A rationale is optional');
  });

  it('states the direction convention with the thesis example resolved', () => {
    const md = buildDefaultGuidelines(questions('relation'));
    expect(md).toContain('*Forward*: the first text entails the second');
    expect(md).toContain('t2 entails t1: the answer is **reverse entailment**');
  });

  it('writes no HTML', () => {
    const md = buildDefaultGuidelines(
      questions('semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale'),
    );
    expect(md).not.toMatch(/<\/?[a-z][^>]*>/i);
  });
});

/** Letters and digits only: the papers' text comes from PDF extraction with line breaks, hyphenation and markup. */
const letters = (text: string) => text.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '');

function passagesOf(source: Q.SourceId): string[] {
  const quotes: Q.Quote[] = [
    Q.STUDY_DESIGN,
    Q.SOPHISTICATION,
    Q.TSUNAMI,
    Q.LOOSE_DEFINITION,
    Q.TWO_CRITERIA,
    Q.STRICT_REASON,
    Q.EXTREME_LOOSE,
    Q.SIGNIFICANT_SHARE,
    Q.RELATIONS_INTRO,
    Q.RELATIONS_ARE_HARD,
    Q.TWO_ROUNDS,
    ...Q.DISAGREEMENT_SOURCES,
  ];
  const pairs: Q.ExamplePair[] = [];
  for (const e of Q.TABLE5_EXAMPLES) {
    quotes.push(e.comment);
    pairs.push(e.pair);
  }
  for (const g of Q.RELATION_GUIDES) {
    quotes.push(g.definition, g.discussion);
    pairs.push(g.example);
  }
  const cases = [...Q.STRICT_PARAPHRASE_CASES, ...Q.STRICT_NON_PARAPHRASE_CASES];
  for (const c of cases) pairs.push(c.pair);
  const out = [
    ...quotes.filter((x) => x.source === source).flatMap((x) => x.parts),
    ...pairs.filter((p) => p.source === source).flatMap((p) => [p.a, p.b]),
  ];
  if (source === 'multipit2022') out.push(...cases.flatMap((c) => [c.heading, c.explanation]));
  return out.map((p) => p.replace(/^… /, ''));
}

const seeds = Object.values(Q.GUIDELINE_SOURCES).map((s) => `../seeds/${s.seed}`);

describeWithDatasets(
  'guideline quotations are found in the papers',
  () => {
    for (const [id, source] of Object.entries(Q.GUIDELINE_SOURCES) as Array<
      [Q.SourceId, (typeof Q.GUIDELINE_SOURCES)[Q.SourceId]]
    >) {
      it(`${source.short}: every quoted passage and example`, () => {
        const paper = letters(readFileSync(sharedDatasetPath('../seeds', source.seed), 'utf8'));
        const passages = passagesOf(id);
        expect(passages.length).toBeGreaterThan(2);
        const missing = passages.filter((p) => !paper.includes(letters(p)));
        expect(missing).toEqual([]);
      });
    }
  },
  seeds,
);

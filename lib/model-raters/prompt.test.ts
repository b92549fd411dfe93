import { describe, expect, it } from 'vitest';
import { builtInQuestion, LIKERT_ANCHORS, type Question } from '@/lib/annotation/questions';
import { LOOSE_DEFINITION, STRICT_NON_PARAPHRASE_CASES, STRICT_PARAPHRASE_CASES } from '@/lib/annotation/guideline-quotes';
import { RELATIONS } from '@/lib/annotation/relations';
import { checkTemplate, DEFAULT_PROMPT_TEMPLATE, PROMPT_SEPARATOR, renderPrompt, type PromptInput } from './prompt';
import { promptHash } from './prompt-hash';

const topic: Question = {
  key: 'topic',
  type: 'choice',
  label: 'Topic of the pair',
  required: true,
  level: 'ordinal',
  options: [
    { value: 'low', label: 'Barely related' },
    { value: 'high', label: 'Same event' },
  ],
};
const base: PromptInput = {
  template: DEFAULT_PROMPT_TEMPLATE,
  guidelines: '# Annotation guidelines\n\nJudge the texts as written.',
  questions: [builtInQuestion('semantic'), builtInQuestion('paraphraseLoose'), builtInQuestion('relation'), topic],
  text1: 'Troops clearing rubble after the May air raid on Belfast.',
  text2: 'Soldiers clearing rubble after the May air raid on Belfast.',
  format: 'json_schema',
};
const looseWords = LOOSE_DEFINITION.parts[0]!.slice(0, 60);
const strictWords = STRICT_NON_PARAPHRASE_CASES[0]!.heading.slice(0, 40);

describe('renderPrompt', () => {
  it('splits at the separator: guidelines, questions and format above, the two texts below', () => {
    const { system, user } = renderPrompt(base);
    expect(system).toContain('Judge the texts as written.');
    expect(system).toContain('Answer with one JSON object and nothing else');
    expect(system).not.toContain(base.text1);
    expect(user).toBe(
      `Text 1:\n${base.text1}\n\nText 2:\n${base.text2}\n\nAnswer the questions about Text 1 and Text 2 with the JSON object.`,
    );
    for (const part of [system!, user]) expect(part).not.toMatch(/\{\{|\}\}|--- user message ---/);
  });

  it('names every asked question with its values, anchors and options', () => {
    const system = renderPrompt(base).system!;
    for (const key of ['semantic', 'paraphraseLoose', 'relation', 'topic']) expect(system).toContain(`- "${key}": `);
    for (const anchor of LIKERT_ANCHORS.semantic) expect(system).toContain(`${anchor.value} = ${anchor.label}`);
    for (const relation of RELATIONS) expect(system).toContain(`"${relation}": `);
    expect(system).toContain('"forward": Forward entailment. Text 1 entails Text 2');
    expect(system).toContain('"reverse": Reverse entailment. Text 2 entails Text 1');
    expect(system).toContain('"low": Barely related');
    expect(system).toContain('ordered, from the least to the most');
    expect(system).toContain('- "semantic": an integer from 0 to 4');
    expect(system).not.toContain('syntactic');
  });

  it('gives the loose or strict definition only when that question is asked', () => {
    const loose = renderPrompt(base).system!;
    expect(loose).toContain(looseWords);
    expect(loose).not.toContain(strictWords);
    const strict = renderPrompt({ ...base, questions: [builtInQuestion('paraphraseStrict')] }).system!;
    expect(strict).not.toContain(looseWords);
    for (const c of [...STRICT_PARAPHRASE_CASES, ...STRICT_NON_PARAPHRASE_CASES])
      expect(strict).toContain(c.heading.replace(/:$/, ''));
    const neither = renderPrompt({ ...base, questions: [builtInQuestion('semantic')] }).system!;
    expect(neither).not.toContain(looseWords);
    expect(neither).not.toContain(strictWords);
  });

  it('writes the JSON schema into the prompt only when the server does not enforce it', () => {
    expect(renderPrompt(base).system).not.toContain('"additionalProperties":false');
    for (const format of ['json_object', 'prompt'] as const) {
      const system = renderPrompt({ ...base, format }).system!;
      expect(system).toContain('"additionalProperties":false');
      expect(system).toContain('"required":["semantic","paraphraseLoose","relation","topic"]');
    }
  });

  it('is deterministic and single-pass, and works without a separator', () => {
    expect(renderPrompt(base)).toEqual(renderPrompt(base));
    const tricky = renderPrompt({ ...base, text1: 'a {{text2}} b', text2: 'c' });
    expect(tricky.user).toContain('a {{text2}} b');
    expect(renderPrompt({ ...base, template: '{{ text1 }} | {{text2}} {{questions}} {{answer_format}}' })).toMatchObject({
      system: null,
      user: expect.stringMatching(/^Troops .* \| Soldiers /) as string,
    });
  });
});

describe('checkTemplate and promptHash', () => {
  it('accepts the default and lists each problem', () => {
    expect(checkTemplate(DEFAULT_PROMPT_TEMPLATE)).toEqual([]);
    const problems = checkTemplate(`{{guidelines}} {{text_1}}\n${PROMPT_SEPARATOR}\n${PROMPT_SEPARATOR}\n{{text1}}`);
    expect(problems).toEqual([
      expect.stringMatching(/^\{\{text_1\}\} is not a placeholder/),
      expect.stringMatching(/^\{\{text2\}\} is missing/),
      expect.stringMatching(/^\{\{questions\}\} is missing/),
      expect.stringMatching(/^\{\{answer_format\}\} is missing/),
      expect.stringMatching(/appears 2 times/),
    ]);
  });

  it('hashes the exact template text with SHA-256', () => {
    expect(promptHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(promptHash(DEFAULT_PROMPT_TEMPLATE)).not.toBe(promptHash(`${DEFAULT_PROMPT_TEMPLATE} `));
  });
});

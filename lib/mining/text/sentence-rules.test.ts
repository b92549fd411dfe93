import { describe, expect, it } from 'vitest';
import { hasVerb, isSentenceByRules } from './sentence-rules';

// Penn Treebank tags (Taylor et al. 2003) written by hand for the example captions of paper sec. 3
// (Gohsen et al., EACL 2023), which names the rule each example passes or fails.
const examples: Array<{ text: string; tags: string; sentence: boolean; rule: string }> = [
  { text: 'Last Supper by Dieric Bouts', tags: 'NNP NNP IN NNP NNP', sentence: false, rule: '3 (noun phrase)' },
  {
    text: 'Last Supper drawn by Dieric Bouts',
    tags: 'NNP NNP VBN IN NNP NNP',
    sentence: false,
    rule: '3 (fragment with a verb)',
  },
  { text: 'The Last Supper was drawn by Dieric Bouts', tags: 'DT NNP NNP VBD VBN IN NNP NNP', sentence: true, rule: '3' },
  { text: 'Last Supper might be drawn by Dieric Bouts', tags: 'NNP NNP MD VB VBN IN NNP NNP', sentence: true, rule: '1' },
  {
    text: 'Last Supper was drawn by Dieric Bouts which is an exceptional artwork',
    tags: 'NNP NNP VBD VBN IN NNP NNP WDT VBZ DT JJ NN',
    sentence: true,
    rule: '2',
  },
  { text: 'Dieric Bouts drew the Last Supper', tags: 'NNP NNP VBD DT JJ NNP', sentence: true, rule: '4' },
  {
    text: 'A painting which shows the Last Supper',
    tags: 'DT NN WDT VBZ DT JJ NNP',
    sentence: false,
    rule: '2 (verb only in the relative clause)',
  },
];

describe('Table 4 sentence rules', () => {
  for (const { text, tags, sentence, rule } of examples) {
    it(`"${text}" → ${sentence ? 'sentence' : 'fragment'} by rule ${rule}, in both modes`, () => {
      expect(isSentenceByRules(tags.split(' '), false)).toBe(sentence);
      expect(isSentenceByRules(tags.split(' '), true)).toBe(sentence);
    });
  }

  it('paper: MD followed by any VB* tag passes (substring test); fixed: only the base form VB', () => {
    const tags = 'NN MD VBN IN NN'.split(' ');
    expect(isSentenceByRules(tags, false)).toBe(true);
    expect(isSentenceByRules(tags, true)).toBe(false);
    expect(isSentenceByRules('NN MD RB VB'.split(' '), true)).toBe(true);
    expect(isSentenceByRules('NN MD RB RB VB'.split(' '), true)).toBe(false);
  });

  it('paper: the WRB rule is tried before WDT; fixed: a finite verb must precede the first wh-word of any kind', () => {
    // "the house that was shown was built where …": WDT first, the finite verb only after it
    const tags = 'DT NN WDT VBD VBN VBD VBN WRB PRP VBD'.split(' ');
    expect(isSentenceByRules(tags, false)).toBe(true);
    expect(isSentenceByRules(tags, true)).toBe(false);
  });

  it('WP also covers WP$ (a substring in the original)', () => {
    expect(isSentenceByRules('NNP VBD DT NN WP$ NN VBD'.split(' '), false)).toBe(true);
    expect(isSentenceByRules('NNP WP$ NN VBD'.split(' '), true)).toBe(false);
  });

  it('ignores verbs inside parentheses', () => {
    const tags = 'NNP -LRB- VBD RB -RRB- NN'.split(' ');
    expect(isSentenceByRules(tags, false)).toBe(false);
    expect(isSentenceByRules(tags, true)).toBe(false);
    expect(isSentenceByRules('NNP VBZ -LRB- NN -RRB-'.split(' '), true)).toBe(true);
  });
});

describe('verb rule (silver)', () => {
  it('finds any VB* tag', () => {
    expect(hasVerb('NNP NNP VBN IN NNP NNP'.split(' '))).toBe(true);
    expect(hasVerb('NNP NNP IN NNP NNP'.split(' '))).toBe(false);
  });
});

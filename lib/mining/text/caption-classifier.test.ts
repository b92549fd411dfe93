import { describe, expect, it } from 'vitest';
import { classifyCaption } from './caption-classifier';
import { createWinkTagger } from './wink-tagger';

const tagger = createWinkTagger();

describe('classifyCaption with wink-pos-tagger', () => {
  it('skips short captions without tagging', () => {
    const never = () => {
      throw new Error('tagged');
    };
    expect(classifyCaption('The Palace of Westminster', never, true)).toEqual({ words: 4, isSentence: false, hasVerb: false });
  });

  it('classifies the paper examples (sec. 3) like the hand-tagged rules do', () => {
    expect(classifyCaption('The Last Supper was drawn by Dieric Bouts.', tagger, false)).toMatchObject({ isSentence: true, hasVerb: true });
    expect(classifyCaption('Last Supper might be drawn by Dieric Bouts', tagger, true)).toMatchObject({ isSentence: true, hasVerb: true });
    expect(classifyCaption('Last Supper drawn by the painter Dieric Bouts', tagger, true)).toMatchObject({ isSentence: false, hasVerb: true });
    expect(classifyCaption('Emile Fayolle, pilot of the Free French Air Force, during the Battle of Britain', tagger, true)).toEqual({
      words: 14,
      isSentence: false,
      hasVerb: false,
    });
  });

  it('needs every sentence of a caption to pass', () => {
    expect(classifyCaption('The J and Z trains serve the line. The M train at night.', tagger, true).isSentence).toBe(false);
    expect(classifyCaption('The J and Z trains serve the line. The M train runs at night.', tagger, true).isSentence).toBe(true);
  });

  it('tags parentheses as -LRB-/-RRB- and punctuation neutrally', () => {
    expect(tagger(['(', 'left', ')', '—', 'A', 'man'])).toEqual(['-LRB-', 'VBN', '-RRB-', ':', 'DT', 'NN']);
  });
});

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
    expect(classifyCaption('The Last Supper was drawn by Dieric Bouts.', tagger, false)).toMatchObject({
      isSentence: true,
      hasVerb: true,
    });
    expect(classifyCaption('Last Supper might be drawn by Dieric Bouts', tagger, true)).toMatchObject({
      isSentence: true,
      hasVerb: true,
    });
    expect(classifyCaption('Last Supper drawn by the painter Dieric Bouts', tagger, true)).toMatchObject({
      isSentence: false,
      hasVerb: true,
    });
    expect(
      classifyCaption('Emile Fayolle, pilot of the Free French Air Force, during the Battle of Britain', tagger, true),
    ).toEqual({
      words: 14,
      isSentence: false,
      hasVerb: false,
    });
  });

  it('needs every sentence of a caption to pass', () => {
    expect(classifyCaption('The J and Z trains serve the line. The M train at night.', tagger, true).isSentence).toBe(false);
    expect(classifyCaption('The J and Z trains serve the line. The M train runs at night.', tagger, true).isSentence).toBe(true);
  });

  it('answers the verb rule without a second tagging only when a verb-only word settles it', () => {
    const captions = [
      'The tower was built in 1890 by the city',
      'Emile Fayolle pilot of the Free French Air Force during the Battle of Britain',
      'A map that is shown with the old roads of the county',
      'Farmers has their grain at the mill in winter',
      'Is this the Eiffel Tower seen from the river',
    ];
    const settled = captions.map((caption) => caption.split(' ')).filter((words) => tagger.surelyHasVerb!(words));
    expect(settled.map((words) => words.join(' '))).toEqual([captions[0], captions[2], captions[3]]);
    for (const words of settled) expect(tagger(words).some((t) => t.startsWith('VB'))).toBe(true);
    // `Is` is capitalised: not settled by the shortcut, the tagger decides.
    expect(tagger.surelyHasVerb!(['Is', 'this', 'the', 'tower'])).toBe(false);
  });

  it('tags parentheses as -LRB-/-RRB- and punctuation neutrally', () => {
    expect(tagger(['(', 'left', ')', '—', 'A', 'man'])).toEqual(['-LRB-', 'VBN', '-RRB-', ':', 'DT', 'NN']);
  });
});

describe('past forms after a subject (VBN → VBD)', () => {
  const tags = (text: string) => tagger(text.split(' '));
  it('reads an ambiguous past form after its subject as a finite verb', () => {
    expect(tags('The council paid for the tower')[2]).toBe('VBD');
    expect(tags('Farmers brought their grain to the mill')[1]).toBe('VBD');
  });
  it('keeps the participle after an auxiliary, before an agent, at the start and for participle-only forms', () => {
    expect(tags('The tower was built in 1890')[3]).toBe('VBN');
    expect(tags('A church built by monks')[2]).toBe('VBN');
    expect(tags('Seen from the sea')[0]).toBe('VBN');
    expect(tags('Last Supper drawn by Dieric Bouts')[2]).toBe('VBN');
  });
});

/**
 * A hand-made set of reference rows whose Table 3 funnel was counted by hand (see
 * run-mining-reduce.db.test.ts): eight images that each stop at a different filter.
 */
import { encodeReferenceRow, type CaptionCell } from '@/lib/mining/reference-rows';
import { nearEqualityForm } from '@/lib/mining/pair-filters';

type Cell = [text: string, words: number, sentence: boolean, verb: boolean];

function cell(c: Cell | null): CaptionCell | null {
  if (c === null) return null;
  const [text, words, isSentence, hasVerb] = c;
  const long = words >= 6;
  return {
    text,
    words,
    isSentence,
    hasVerb,
    fold: long ? text.toLowerCase() : null,
    norm: long ? nearEqualityForm(text, false) : null,
  };
}

let page = 0;
function ref(image: string, caption: Cell | null, alt: Cell | null = null): string {
  page++;
  return encodeReferenceRow({
    pageId: page,
    title: `Page ${page}`,
    imageKey: `File:${image}.jpg`,
    caption: cell(caption),
    alt: cell(alt),
  });
}

const S = (text: string, words = 6): Cell => [text, words, true, true];

export function referenceFixture(): string {
  page = 0;
  return [
    // A: a caption pair that survives; an alt pair lost because one alt is no sentence
    ref('A', S('Alpha one is a sentence here.')),
    ref('A', S('Alpha two is a sentence here.'), ['A red tower on a hill', 6, false, true]),
    ref('A', ['', 0, false, false], S('The red tower stands on a green hill.', 8)),
    // B: a short caption and a reference without any
    ref('B', ['Bravo short', 2, false, false]),
    ref('B', null),
    // C: a single reference
    ref('C', S('Charlie is alone on its page today.', 7)),
    // D: 11 references, more than --max-refs 10
    ...Array.from({ length: 11 }, (_, i) => ref('D', S(`Delta number ${i} is a sentence.`))),
    // E and F: the same two captions (case aside) under two images: F's pair is not unique, E's not divergent
    ref('E', S('Echo is the same caption text.')),
    ref('E', S('echo is the same caption text.')),
    ref('F', S('Echo is the same caption text.')),
    ref('F', S('echo is the same caption text.')),
    // G: equal once parentheses and punctuation are gone
    ref('G', S('Golf course (2001) near the river is open.', 7)),
    ref('G', S('Golf course near the river is open!', 7)),
    // H: the second caption has a verb but is no sentence
    ref('H', S('Hotel guests are sitting in the garden.', 7)),
    ref('H', ['Hotel guests sitting in the garden', 6, false, true]),
  ].join('');
}

/**
 * wink-tagging.ts must give exactly the tags of wink-pos-tagger 2.2.2 itself (`tagRawTokens`), the
 * reference implementation it re-runs. Checked on every token sequence the miner tags in the shared
 * dump excerpts (both modes), and on sentences chosen to reach each step: decades, capitalised
 * adjectives and nouns, contraction exceptions, numbers, punctuation, unknown words, and the rules
 * with range tests and with patterns that are not plain words (`^.$`, `^U.S.$`).
 */
import posTagger from 'wink-pos-tagger';
import { describe, expect, it } from 'vitest';
import { PageSplitter } from '@/lib/mining/dump/xml-pages';
import { mapXmlPage } from '@/lib/mining/map-page';
import { DUMP_EXCERPTS, readDumpExcerpt, WIKITEXT } from '@/lib/mining/testing/wikitext-datasets';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { createWinkTagging } from './wink-tagging';

const wink = posTagger();
const reference = (tokens: string[]) => wink.tagRawTokens([...tokens]).map((t) => t.pos);

function mismatches(sequences: Iterable<string[]>): { tokens: string[]; wink: string[]; ours: string[] }[] {
  const ours = createWinkTagging();
  const found = [];
  for (const tokens of sequences) {
    const expected = reference(tokens);
    const actual = ours(tokens);
    if (actual.join(' ') !== expected.join(' ')) found.push({ tokens, wink: expected, ours: actual });
  }
  return found;
}

describe('createWinkTagging', () => {
  it('tags chosen sentences as wink does', () => {
    const sentences = [
      'The 1990s and the 1920s were decades of change in the mid-1920s .',
      'A Victorian house , Gothic arches and a Roman road near the river',
      "They ai n't coming ; I 'd say we 'll see , ca n't we ?",
      'In 2014 , 3/4 of the 1,200 visitors paid $ 12.50 each .',
      'The U.S. Army built a bridge , as big as the old one , in Mr. Smith s town .',
      'Unhappy workers were unionised and the unbuilt tower remained .',
      'That is the house that Jack built ; that dog barks .',
      'Blorfing zintles quibbed the frandle yesterday',
      '“ Quoted ” ( bracketed ) [ squared ] … and - dashes - too !',
      'He can can the tomatoes , will will his estate and must run .',
      'Glacier',
      '',
    ].map((s) => (s === '' ? [] : s.split(' ')));
    expect(mismatches(sentences)).toEqual([]);
  });

  it('remembers tokens without changing a later answer', () => {
    const tag = createWinkTagging();
    const first = tag(['Books', 'were', 'read', '.']);
    tag(['I', 'read', 'books']);
    expect(tag(['Books', 'were', 'read', '.'])).toEqual(first);
    expect(first).toEqual(reference(['Books', 'were', 'read', '.']));
  });
});

describeWithDatasets(
  'createWinkTagging on the shared dump excerpts',
  () => {
    it('gives wink’s tags for every token sequence the miner tags, in both modes', { timeout: 180_000 }, () => {
      const sequences: string[][] = [];
      const recording = (tokens: string[]) => {
        sequences.push([...tokens]);
        return reference(tokens);
      };
      for (const excerpt of DUMP_EXCERPTS) {
        const bytes = readDumpExcerpt(excerpt).toString('latin1'); // the splitter's byte strings (xml-text.ts)
        for (const mode of ['paper', 'fixed'] as const) {
          const splitter = new PageSplitter(
            (page) => page.ns === 0 && !page.isRedirect && mapXmlPage(page, { mode, tagger: recording }),
          );
          splitter.push(bytes);
          splitter.end();
        }
      }
      expect(sequences.length).toBeGreaterThan(3_000);
      expect(mismatches(sequences)).toEqual([]);
    });
  },
  [WIKITEXT],
);

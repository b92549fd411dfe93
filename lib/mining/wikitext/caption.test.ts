import { describe, expect, it } from 'vitest';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { parseCsv } from '@/lib/testing/csv';
import { readWikitextFile, WIKITEXT } from '../testing/wikitext-datasets';
import { extractAlt, extractCaption } from './caption';

// Gold: the reference implementation's own 17 caption-extraction cases
// (webis-de/eacl23-paraphrase-acquisition-from-image-captions, src/test/resources/caption-extraction-test.csv).
describeWithDatasets(
  'caption extraction against the reference implementation (17 cases)',
  () => {
    const rows = () => parseCsv(readWikitextFile('eacl23-reference/caption-extraction-test.csv'));
    const expected = (value: string | undefined) => (value === 'null' ? null : value);

    it('paper mode gives the expected caption for each of the 17 cases', () => {
      const cases = rows();
      expect(cases).toHaveLength(17);
      for (const [index, [tag, caption]] of cases.entries())
        expect(extractCaption(tag!, false), `case ${index + 1}`).toBe(expected(caption));
    });

    it('fixed mode agrees, except that a [[:Image:…]] link keeps no padding spaces', () => {
      for (const [index, [tag, caption]] of rows().entries()) {
        const fixedExpected = index === 16 ? caption!.replace('ten-year returns .', 'ten-year returns.') : caption;
        expect(extractCaption(tag!, true), `case ${index + 1}`).toBe(expected(fixedExpected));
      }
    });
  },
  [WIKITEXT],
);

describe('alt text (WikiAltTagExtractor)', () => {
  it('paper: the first alt= component, raw; "" for an empty alt=', () => {
    expect(extractAlt('[[File:A.jpg|thumb|alt=A [[red]] {{nowrap|tower}}|Caption]]', false)).toBe('A [[red]] {{nowrap|tower}}');
    expect(extractAlt('[[File:A.jpg|alt=|Caption]]', false)).toBe('');
    expect(extractAlt('[[File:A.jpg| alt =Spaced|Caption]]', false)).toBe('Spaced');
    expect(extractAlt('[[File:A.jpg|Caption]]', false)).toBeNull();
  });

  it('fixed: cleaned like a caption, any spacing around =', () => {
    expect(extractAlt('[[File:A.jpg|thumb|alt  =  A [[red]] {{nowrap|tower}}|Caption]]', true)).toBe('A red tower');
  });
});

describe('fixed-mode caption repairs', () => {
  it('takes the last component that is not an option, trimmed', () => {
    expect(extractCaption('[[File:A.jpg|A caption here|thumb|right ]]', false)).toBe('right');
    expect(extractCaption('[[File:A.jpg|A caption here|thumb|right ]]', true)).toBe('A caption here');
    expect(extractCaption('[[File:A.jpg|thumb|baseline]]', true)).toBeNull();
  });

  it('removes each <ref> on its own instead of everything between the first and the last', () => {
    const tag = '[[File:A.jpg|thumb|One<ref>a</ref> two<ref name="x"/> three<ref>b</ref> four]]';
    expect(extractCaption(tag, false)).toBe('One four');
    expect(extractCaption(tag, true)).toBe('One two three four');
  });

  it('keeps scanning after an unknown template (paper skips as many characters as it was long)', () => {
    const tag = '[[File:A.jpg|thumb|{{unknownlongtemplate}}{{nowrap|kept}} text]]';
    expect(extractCaption(tag, false)).toBe('{{nowrap|kept}} text');
    expect(extractCaption(tag, true)).toBe('kept text');
  });

  it('reads the {{ship}} format code from its fifth component and makes {{SMS}} reachable', () => {
    expect(extractCaption('[[File:A.jpg|thumb|{{ship|CSS|Tennessee|1863|6}} at sea]]', false)).toBe(
      'CSS Tennessee (1863) at sea',
    );
    expect(extractCaption('[[File:A.jpg|thumb|{{ship|CSS|Tennessee|1863|6}} at sea]]', true)).toBe('CSS Tennessee at sea');
    expect(extractCaption('[[File:A.jpg|thumb|{{SMS|Emden|1908|6}} at sea]]', false)).toBe('at sea');
    expect(extractCaption('[[File:A.jpg|thumb|{{SMS|Emden|1908|6}} at sea]]', true)).toBe('SMS Emden at sea');
  });
});

import { expect, it } from 'vitest';
import { describeWithWikitext, parseSmallCsv, readWikitextFile } from '../testing/wikitext-datasets';
import { extractAlt, extractCaption } from './caption';

// Gold: the reference implementation's own 17 caption-extraction cases
// (webis-de/eacl23-paraphrase-acquisition-from-image-captions, src/test/resources/caption-extraction-test.csv).
describeWithWikitext('caption extraction against the reference implementation (17 cases)', () => {
  const rows = parseSmallCsv(readWikitextFile('eacl23-reference/caption-extraction-test.csv'));
  it('has the 17 rows', () => expect(rows).toHaveLength(17));
  for (const [index, [tag, expected]] of rows.entries()) {
    it(`case ${index + 1} (paper mode)`, () => {
      expect(extractCaption(tag!, false)).toBe(expected === 'null' ? null : expected);
    });
  }
  it('fixed mode agrees, except that a [[:Image:…]] link keeps no padding spaces', () => {
    for (const [index, [tag, expected]] of rows.entries()) {
      const fixedExpected = index === 16 ? expected!.replace('ten-year returns .', 'ten-year returns.') : expected;
      expect(extractCaption(tag!, true)).toBe(fixedExpected === 'null' ? null : fixedExpected);
    }
  });
});

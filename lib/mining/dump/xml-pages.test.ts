import { describe, expect, it } from 'vitest';
import { PageSplitter, type DumpPage } from './xml-pages';
import { bytesOfText, decodeXmlText, textOfBytes } from './xml-text';

const page = (id: number, title: string, text: string, extra = '') =>
  `  <page>\n    <title>${title}</title>\n    <ns>0</ns>\n    <id>${id}</id>${extra}\n    <revision>\n      <id>${id * 10}</id>\n      <text bytes="1" xml:space="preserve">${text}</text>\n    </revision>\n  </page>\n`;
const dump = (...pages: string[]) =>
  `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/">\n<siteinfo><sitename>W</sitename></siteinfo>\n${pages.join('')}</mediawiki>\n`;

function split(xml: string, chunkSize = xml.length, max?: number): DumpPage[] {
  const pages: DumpPage[] = [];
  const splitter = new PageSplitter((p) => pages.push(p), max);
  const bytes = bytesOfText(xml);
  for (let i = 0; i < bytes.length; i += chunkSize) splitter.push(bytes.slice(i, i + chunkSize));
  splitter.end();
  return pages;
}

describe('PageSplitter', () => {
  const xml = dump(
    page(10, 'A &amp; B', 'x &amp;lt;ref&amp;gt; [[File:A.jpg|thumb|Cap]]'),
    page(12, 'Redirected', '#REDIRECT [[A]]', '\n    <redirect title="A" />'),
    page(13, 'Talk:Thing', 'talk'),
  );

  it('reads id, title, namespace and redirect, and the text undecoded (decoding it is single-pass)', () => {
    const pages = split(xml);
    expect(pages.map((p) => [p.id, p.title, p.ns, p.isRedirect])).toEqual([
      [10, 'A & B', 0, false],
      [12, 'Redirected', 0, true],
      [13, 'Talk:Thing', 0, false],
    ]);
    expect(pages[0]!.xmlBytes).toBe('x &amp;lt;ref&amp;gt; [[File:A.jpg|thumb|Cap]]');
    expect(decodeXmlText(textOfBytes(pages[0]!.xmlBytes))).toBe('x &lt;ref&gt; [[File:A.jpg|thumb|Cap]]');
  });

  it('gives the same pages whatever the chunk boundaries', () => {
    const whole = split(xml);
    for (const size of [1, 5, 6, 7, 13, 100]) expect(split(xml, size)).toEqual(whole);
  });

  it('tolerates a missing </mediawiki> and deleted text (<text … />)', () => {
    const cut =
      dump(page(1, 'One', 'a')).replace('</mediawiki>\n', '') +
      page(2, 'Two', '').replace(/<text[^>]*><\/text>/, '<text bytes="0" />');
    expect(split(cut).map((p) => [p.id, p.xmlBytes])).toEqual([
      [1, 'a'],
      [2, ''],
    ]);
  });

  it('infers the namespace from the title when <ns> is missing (old exports, bare pages)', () => {
    const bare = page(5, 'Template:Box', 'x').replace('<ns>0</ns>', '') + page(6, 'Plain', 'y').replace('<ns>0</ns>', '');
    expect(split(bare).map((p) => p.ns)).toEqual([-99, 0]);
  });

  it('names the place of a truncated page, a page never closed and a page without a field', () => {
    const truncated = xml.slice(0, xml.indexOf('<page>', xml.indexOf('Redirected')) + 40);
    expect(() => split(truncated)).toThrow(
      'the XML ends inside the page after page 12 "Redirected" (page 2 of this input): the input is truncated',
    );
    const unclosed = dump(page(1, 'One', 'a').replace('</page>', ''), page(2, 'Two', 'b'));
    expect(() => split(unclosed)).toThrow('malformed XML: the first page is not closed before the next <page> starts');
    expect(() => split(dump(page(1, 'One', 'a'), page(2, 'Two', 'b').replace(/<title>.*<\/title>/, '')))).toThrow(
      'malformed XML: the page after page 1 "One" (page 1 of this input) has no <title>',
    );
  });

  it('refuses a gigantic page before buffering all of it', () => {
    const big = dump(page(1, 'Big', 'x'.repeat(5000)));
    expect(() => split(big, 100, 1000)).toThrow(
      'the first page is larger than 1,000 bytes: a full-history dump or a damaged file',
    );
  });
});

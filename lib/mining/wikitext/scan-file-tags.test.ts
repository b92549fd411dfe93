import { describe, expect, it } from 'vitest';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { readWikitextFile, WIKITEXT } from '../testing/wikitext-datasets';
import { bytesOfText } from '../dump/xml-text';
import { findFileTags, findFileTagsInXml } from './scan-file-tags';

// Gold: the reference implementation's TestWikiTextImageExtraction (2cellos, monitor-warship):
// the expected references in order, infobox images as synthetic [[File:<image>|<caption>]] tags.
describeWithDatasets(
  'image references of the reference pages',
  () => {
    for (const page of ['2cellos', 'monitor-warship']) {
      const read = () => ({
        wikitext: readWikitextFile(`eacl23-reference/${page}.txt`),
        expected: readWikitextFile(`eacl23-reference/${page}-images.txt`).split('\n'),
      });
      it(`${page}: exactly the expected references, in order (paper)`, () => {
        const { wikitext, expected } = read();
        expect(findFileTags(wikitext, false)).toEqual(expected);
      });
      it(`${page}: the same references in fixed mode`, () => {
        const { wikitext, expected } = read();
        expect(findFileTags(wikitext, true)).toEqual(expected);
      });
    }
  },
  [WIKITEXT],
);

describe('findFileTags', () => {
  it('emits nested tags before the tags around them', () => {
    const text = 'x [[File:Outer.jpg|thumb|See [[File:Inner.png|inner]] here]] y';
    expect(findFileTags(text, false)).toEqual([
      '[[File:Inner.png|inner]]',
      '[[File:Outer.jpg|thumb|See [[File:Inner.png|inner]] here]]',
    ]);
  });

  it('turns {{Multiple image}} and infobox parameters into synthetic tags with alt and caption', () => {
    const text = '{{Multiple image|image1=A.jpg|alt1=An a|caption1=First|image2=File:B.jpg|caption2=Second}}';
    expect(findFileTags(text, false)).toEqual(['[[File:A.jpg|alt=An a|First]]', '[[File:B.jpg|Second]]']);
    expect(findFileTags('{{Infobox person|name=X|image= [[File:C.jpg|200px]] |caption=Cap}}', false)).toEqual([
      '[[File:C.jpg|200px]]',
    ]);
  });

  it('paper: drops = inside template values and only reads image0-9; fixed keeps both', () => {
    const text = '{{Infobox|image=A.jpg|caption=E=mc2 shown|image10=B.jpg|caption10=Ten}}';
    expect(findFileTags(text, false)).toEqual(['[[File:A.jpg|Emc2 shown]]']);
    expect(findFileTags(text, true)).toEqual(['[[File:A.jpg|E=mc2 shown]]', '[[File:B.jpg|Ten]]']);
  });

  it('paper: a tag spanning a line break is dropped; fixed keeps it', () => {
    const text = '[[File:Multi.jpg|thumb|first line\nsecond line]]';
    expect(findFileTags(text, false)).toEqual([]);
    expect(findFileTags(text, true)).toEqual([text]);
  });

  it('paper: [[:File:]] links count and lower-case [[file:]] does not; fixed the other way round', () => {
    const text = '[[:File:Link.jpg|a link]] and [[file:Lower.jpg|thumb|lower]]';
    expect(findFileTags(text, false)).toEqual(['[[:File:Link.jpg|a link]]']);
    expect(findFileTags(text, true)).toEqual(['[[file:Lower.jpg|thumb|lower]]']);
  });

  it('fixed: galleries become tags and comments are ignored; paper ignores galleries and reads comments', () => {
    const text = '<gallery>\nFile:G1.jpg|One gallery caption\nG2.jpg|alt=x|Two\n\n</gallery>{{Infobox|image=<!-- none -->}}';
    expect(findFileTags(text, true)).toEqual(['[[File:G1.jpg|One gallery caption]]', '[[File:G2.jpg|alt=x|Two]]']);
    expect(findFileTags(text, false)).toEqual(['[[File:<!-- none -->]]']);
  });

  it('ignores templates without image parameters and unbalanced brackets', () => {
    expect(findFileTags('{{cite web|url=x}} ]] }} [[Plain link]] [[File:Ok.jpg]]', false)).toEqual(['[[File:Ok.jpg]]']);
  });
});

/** The wikitext as a dump writes it: `&`, `<` and `"` escaped, `>` escaped or not. */
const escapeXml = (text: string, escapeGt: boolean) => {
  const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
  return escapeGt ? escaped.replaceAll('>', '&gt;') : escaped;
};

describe('findFileTagsInXml (the undecoded page bytes) finds what findFileTags finds in the decoded text', () => {
  const texts = [
    'x [[File:Outer.jpg|thumb|See [[File:Inner.png|inner]] & "more" here]] y',
    '[[File:Café Ürün.jpg|thumb|Ein <b>schönes</b> Café &nbsp;<ref name="a">{{cite web|url=x}}</ref> – 1900]]',
    '<!-- [[File:Hidden.jpg|hidden]] -->[[File:Shown.jpg|shown]]<!-- open to the end [[File:Gone.jpg]]',
    '<!--a--->[[File:After.jpg|a <!-- b --> c]] &lt;!-- wikitext entity, not a comment --&gt; [[File:Kept.jpg|kept]]',
    '{{Infobox ship|image=Monitor model.jpg|caption={{USS|Monitor}} & <i>friends</i>|alt=A "model"}}',
    '{{Multiple image|image1=A.jpg|caption1=One|image2=B.jpg|caption2=Two &amp; three}} {{no imag|e=1}}',
    '<gallery>\nFile:G1.jpg|One gallery caption\nG2.jpg|alt=x|Two\n</gallery>[[File:Out.jpg|out]]',
    '[[:File:Link.jpg|a link]] [[ file:Spaced.jpg|lower]] [[Image:Old.png|old]] [[File:Multi\nline.jpg|two\nlines]]',
    '{{cite web|url=x}} ]] }} [[Plain link]] [[File:Ok.jpg]] [[File:Unclosed.jpg|{{image}} x',
  ];
  for (const fixed of [false, true]) {
    it(`${fixed ? 'fixed' : 'paper'} mode, with and without \`>\` escaped`, () => {
      for (const text of texts) {
        const expected = findFileTags(text, fixed);
        for (const escapeGt of [false, true])
          expect(findFileTagsInXml(bytesOfText(escapeXml(text, escapeGt)), fixed), text).toEqual(expected);
      }
    });
  }

  it('decodes a page with character references whole (a reference may stand for a bracket)', () => {
    const xml = '&#91;&#91;File:Coded.jpg|coded]] [[File:Plain.jpg|caption&#x21;]]';
    expect(findFileTagsInXml(xml, true)).toEqual(['[[File:Coded.jpg|coded]]', '[[File:Plain.jpg|caption!]]']);
  });
});

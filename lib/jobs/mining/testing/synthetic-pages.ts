/**
 * Small hand-written pages (our own text, not Wikipedia's) whose images are shared across pages, so
 * the mining tests have pairs with known captions: an infobox image, a {{Multiple image}}, a nested
 * file tag, captions that are sentences, fragments, near-duplicates and alt texts.
 */
function page(id: number, title: string, text: string): string {
  const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return `  <page>\n    <title>${title}</title>\n    <ns>0</ns>\n    <id>${id}</id>\n    <revision>\n      <id>${id}00</id>\n      <text bytes="${escaped.length}" xml:space="preserve">${escaped}</text>\n    </revision>\n  </page>\n`;
}

export const SYNTHETIC_PAGES = [
  page(
    1,
    'Harbour Tower',
    `{{Infobox building|name=Harbour Tower|image=Harbour tower 1890.jpg|caption=The harbour tower was built by the town council in 1890.}}
The '''Harbour Tower''' is a tower.<ref>A note.</ref>
[[File:Old mill.jpg|thumb|right|The old mill burned down in a storm in 1911.]]`,
  ),
  page(
    2,
    'Town Council',
    `Text. [[File:Harbour_tower_1890.jpg|thumb|left|alt=A stone tower beside a small harbour|The council paid for the tower, which still stands today.]]
{{Multiple image|image1=Old mill.jpg|caption1=Farmers brought their grain to the old mill every autumn.|image2=Market square.jpg|caption2=The market square}}`,
  ),
  page(
    3,
    'Storms of 1911',
    `[[Image:Old mill.jpg|thumb|The old mill burned down in a storm in 1911!]]
[[File:Harbour tower 1890.jpg|thumb|alt=A stone tower beside a harbour at dusk|Seen from the sea, the tower guided ships into port for decades.]]`,
  ),
  page(4, 'Redirect page', '#REDIRECT [[Harbour Tower]]'),
  page(5, 'Market', `[[File:Market square.jpg|thumb|The market square, with [[File:Tiny icon.png|20px]] a stall.]]`),
];

export function syntheticDump(pages: readonly string[] = SYNTHETIC_PAGES): string {
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" xml:lang="en">\n  <siteinfo>\n    <sitename>Test</sitename>\n  </siteinfo>\n${pages.join('')}</mediawiki>\n`;
}

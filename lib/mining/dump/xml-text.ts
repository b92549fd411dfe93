/**
 * XML character data of a dump: the five predefined entities and character references, decoded in
 * a single pass so that `&amp;lt;` becomes the wikitext `&lt;` (miner-design.md §2 pitfalls).
 */
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  // Native replaceAll passes are faster than a callback; `&amp;` last keeps it a single pass.
  if (!text.includes('&#')) {
    return text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  }
  return text.replace(ENTITY, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The map reads dump XML as "byte strings": UTF-8 bytes decoded as latin1, one character per byte.
 * Decoding latin1 is a copy, the strings stay one byte per character (half the memory of UTF-16
 * text, faster to search), and every ASCII character (all XML and wikitext markup) sits where
 * it is, since UTF-8 never uses ASCII byte values inside a multi-byte character. A piece cut at
 * ASCII characters is then turned into text with `textOfBytes`.
 */
const NON_ASCII = /[\x80-\xff]/;

export function textOfBytes(bytes: string): string {
  return NON_ASCII.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes;
}

export function bytesOfText(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

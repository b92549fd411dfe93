/**
 * Finds the image references of a page's wikitext (WikiTextImageExtractor, seed-code.md §4.2): one
 * left-to-right scan with a stack for `[[` and one for `{{`; on each `]]`/`}}` the enclosed token is
 * examined, so inner tokens come before the ones around them. A `[[…]]` token is an image reference
 * when it is a file tag; a `{{…}}` token yields the synthetic tags of template-images.ts.
 *
 * paper: `[[:File:…]]` links count, a lower-case `[[file:` counts only when a `File:`/`Image:` name
 * appears inside it, a tag spanning a line break is dropped, `<gallery>` is ignored and HTML
 * comments are scanned like text.
 * fixed: comments are removed first, prefixes match in any case, `[[:File:…]]` (a link to the file
 * page, not a use of the image) is skipped, multi-line tags count, and every `<gallery>` line
 * becomes a tag `[[File:<line>]]`, emitted after the page's other references.
 */
import { decodeXmlText, textOfBytes } from '../dump/xml-text';
import { BracketPairs } from './bracket-pairs';
import { FIXED_FILE_TAG, PAPER_FILE_TAG, templateImageTags } from './template-images';

const PAPER_FILE_NAME = /(?:File|Image):[^|\]]+/;
const GALLERY = /<gallery\b[^>]*>([\s\S]*?)<\/gallery\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const FILE_PREFIX = /^[ \t]*(?:file|image)[ \t]*:/i;

/** True when the token could be a file tag: a cheap check before any regular expression. */
function startsLikeFile(text: string, at: number, allowColon: boolean): boolean {
  let c = text.charCodeAt(at + 2);
  if (allowColon && c === 58) c = text.charCodeAt(at + 3);
  else if (!allowColon) while (c === 32 || c === 9) c = text.charCodeAt(++at + 2);
  return c === 70 || c === 102 || c === 73 || c === 105; // F f I i
}

function isFileTag(token: string, fixed: boolean): boolean {
  if (fixed) return FIXED_FILE_TAG.test(token);
  return PAPER_FILE_TAG.test(token) && PAPER_FILE_NAME.test(token);
}

function galleryTags(text: string): string[] {
  const tags: string[] = [];
  for (const match of text.matchAll(GALLERY)) {
    for (const raw of (match[1] ?? '').split('\n')) {
      const line = raw.trim();
      const name = line.split('|', 1)[0]!;
      if (name.replace(FILE_PREFIX, '').trim() === '') continue;
      tags.push(`[[${FILE_PREFIX.test(name) ? '' : 'File:'}${line}]]`);
    }
  }
  return tags;
}

/** The file tags of a wikitext, in the order the original emits them. */
export function findFileTags(wikitext: string, fixed: boolean): string[] {
  const text = fixed && wikitext.includes('<!--') ? wikitext.replace(COMMENT, '') : wikitext;
  const tags = scanTokens(text, fixed, (token) => token);
  if (fixed && /<gallery/i.test(text)) tags.push(...galleryTags(text));
  return tags;
}

const XML_COMMENT = /&lt;!--[\s\S]*?(?:--(?:>|&gt;)|$)/g;
const XML_GALLERY = /&lt;gallery/i;

/**
 * findFileTags on a page's text as it stands in the dump XML, as a byte string (xml-text.ts:
 * entities not yet decoded, UTF-8 not yet decoded), turning into wikitext only the tokens it
 * examines: the result is the same as findFileTags(decodeXmlText(textOfBytes(xmlBytes))). UTF-8
 * keeps every ASCII character as one byte of its own, and the XML escapes of `<`, `>`, `&`, `"`
 * and `'` neither hold nor make brackets, pipes, `=`, letters or whitespace, so brackets pair up,
 * tokens start and `image` occurs at the same places in both texts, and a comment is `&lt;!--` …
 * `-->` or `--&gt;`. Character references (`&#…;`, which could stand for a bracket) and
 * `<gallery>` (fixed mode) are rare: those pages are decoded whole.
 */
export function findFileTagsInXml(xmlBytes: string, fixed: boolean): string[] {
  if (xmlBytes.includes('&#') || (fixed && XML_GALLERY.test(xmlBytes)))
    return findFileTags(decodeXmlText(textOfBytes(xmlBytes)), fixed);
  const text = fixed && xmlBytes.includes('&lt;!--') ? xmlBytes.replace(XML_COMMENT, '') : xmlBytes;
  return scanTokens(text, fixed, (token) => decodeXmlText(textOfBytes(token)));
}

/** The bracket scan; `decode` turns a token of `text` into wikitext. */
function scanTokens(text: string, fixed: boolean, decode: (token: string) => string): string[] {
  const tags: string[] = [];
  const squares: number[] = [];
  const braces: number[] = [];
  const pairs = new BracketPairs(text);
  for (let pos = pairs.advance(); pos !== -1; pos = pairs.advance()) {
    switch (text.charCodeAt(pos)) {
      case 91:
        squares.push(pos);
        break;
      case 123:
        braces.push(pos);
        break;
      case 93: {
        const start = squares.pop();
        if (start !== undefined && startsLikeFile(text, start, !fixed)) {
          const token = decode(text.slice(start, pos + 2));
          if (isFileTag(token, fixed)) tags.push(token);
        }
        break;
      }
      default: {
        const start = braces.pop();
        if (start === undefined) break;
        const token = text.slice(start, pos + 2);
        if (token.includes('image')) for (const tag of templateImageTags(decode(token), fixed)) tags.push(tag);
      }
    }
  }
  return tags;
}

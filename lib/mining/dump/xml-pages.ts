/**
 * Splits a MediaWiki XML export into pages as text arrives, without an XML library: `<page>` …
 * `</page>` is located with indexOf and the few fields the miner needs are read the same way
 * (miner-design.md §2 measured this at 80-94 MB/s, faster than any streaming parser). The header
 * (`<siteinfo>`) and a missing `</mediawiki>` at the end (truncated dump heads) are tolerated; a page
 * that is never closed, or that grows past `maxPageChars` (a full-history dump or a damaged file),
 * is an error that names the page before it.
 *
 * The input is byte strings (xml-text.ts: UTF-8 read as latin1). A page's text is handed on as it
 * stands in the XML (`xmlBytes`: still UTF-8 bytes, entities not decoded): the miner scans it for
 * file tags and decodes only the tags it finds (scan-file-tags.ts findFileTagsInXml), which is much
 * cheaper than decoding every page whole. Page sizes (`maxPageChars`) are counted in bytes. A page
 * still waiting for its `</page>` is kept as a list of pieces, so a long page is joined once
 * instead of once per arriving chunk.
 */
import { decodeXmlText, textOfBytes } from './xml-text';

export interface DumpPage {
  id: number;
  ns: number;
  title: string;
  isRedirect: boolean;
  /** the revision text as it stands in the XML, as a byte string: decodeXmlText(textOfBytes(…)) is the wikitext */
  xmlBytes: string;
}

export class DumpFormatError extends Error {
  override name = 'DumpFormatError';
}

/** 16 MiB: far above any current article (the largest are a few MB of wikitext). */
export const DEFAULT_MAX_PAGE_CHARS = 16 * 1024 * 1024;

const NAMESPACE_PREFIX =
  /^(?:Talk|User|User talk|Wikipedia|Wikipedia talk|WP|Project|File|File talk|Image|MediaWiki|Template|Template talk|Help|Category|Category talk|Portal|Draft|TimedText|Module|Special|Media|Book|Education Program|Gadget|Gadget definition)\s*:/i;

function between(xml: string, open: string, close: string, from = 0): string | null {
  const start = xml.indexOf(open, from);
  if (start === -1) return null;
  const end = xml.indexOf(close, start + open.length);
  return end === -1 ? null : xml.slice(start + open.length, end);
}

const REDIRECT = /^\s*#redirect\b/i;

/** A non-ASCII byte after ASCII whitespace: a Unicode space may precede the `#` there. */
const NON_ASCII_AFTER_SPACE = /^[\t\n\v\f\r ]*[\x80-\xff]/;

/**
 * `#REDIRECT` at the start of the wikitext. Without character references (`&#…;`) no entity decodes
 * to whitespace, `#` or a letter, and without a non-ASCII character at its start the test only
 * reads ASCII, so it reads the same on the undecoded bytes.
 */
function startsWithRedirect(xmlBytes: string): boolean {
  if (xmlBytes.includes('&#') || NON_ASCII_AFTER_SPACE.test(xmlBytes)) return REDIRECT.test(decodeXmlText(textOfBytes(xmlBytes)));
  return REDIRECT.test(xmlBytes);
}

/**
 * The revision text of a page element (the last revision's, for exports with several), undecoded.
 * One forward pass: `<` is escaped inside element text, so neither `<text` nor `</text>` can occur
 * within a text, and after a text's `</text>` only the rest of its revision (or the next one)
 * follows. (lastIndexOf has no fast native search and would walk the whole text backwards.)
 */
function readText(xml: string): string | null {
  let text: string | null = null;
  for (let open = xml.indexOf('<text'); open !== -1;) {
    const tagEnd = xml.indexOf('>', open);
    if (tagEnd === -1) return null;
    let after = tagEnd + 1;
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      text = ''; // <text ... /> (deleted text)
    } else {
      const close = xml.indexOf('</text>', tagEnd);
      if (close === -1) return null;
      text = xml.slice(tagEnd + 1, close);
      after = close + 7;
    }
    open = xml.indexOf('<text', after);
  }
  return text;
}

export class PageSplitter {
  private buffer = '';
  /** where to continue looking for `</page>` in the buffer */
  private searchFrom = 0;
  /** an open page (from its `<page>`) whose end has not arrived yet, in the pieces it came in */
  private pieces: string[] = [];
  private piecesLength = 0;
  /** the last 6 characters of `pieces`, where a split `</page>` may begin */
  private tail = '';
  private pages = 0;
  private lastPage: { id: number; title: string } | null = null;
  private sawPageOrRoot = false;

  constructor(
    private readonly onPage: (page: DumpPage) => void,
    private readonly maxPageChars = DEFAULT_MAX_PAGE_CHARS,
  ) {}

  get pageCount(): number {
    return this.pages;
  }

  /** The page being read, named by the one before it (its own title may be what is broken). */
  private where(): string {
    return this.lastPage
      ? `the page after page ${this.lastPage.id} "${this.lastPage.title}" (page ${this.pages} of this input)`
      : 'the first page';
  }

  private tooLarge(): DumpFormatError {
    return new DumpFormatError(
      `${this.where()} is larger than ${this.maxPageChars.toLocaleString('en')} bytes: a full-history dump or a damaged file`,
    );
  }

  push(chunk: string): void {
    if (this.pieces.length > 0) {
      // A page is open: look for its end in the new chunk only (plus the 6 characters before it).
      const probe = this.tail + chunk;
      this.pieces.push(chunk);
      this.piecesLength += chunk.length;
      if (probe.indexOf('</page>') === -1) {
        if (this.piecesLength > this.maxPageChars) throw this.tooLarge();
        this.tail = probe.slice(-6);
        return;
      }
      this.searchFrom = Math.max(0, this.piecesLength - chunk.length - 6);
      this.buffer = this.pieces.join('');
      this.pieces = [];
      this.piecesLength = 0;
    } else {
      this.buffer = this.buffer.length === 0 ? chunk : this.buffer + chunk;
    }
    if (!this.sawPageOrRoot && /<(?:mediawiki|page)[\s>]/.test(this.buffer)) this.sawPageOrRoot = true;
    for (;;) {
      const start = this.buffer.indexOf('<page>');
      if (start === -1) {
        // Keep a tail that might hold the start of a split `<page>` tag.
        this.buffer = this.buffer.slice(-5);
        this.searchFrom = 0;
        return;
      }
      const end = this.buffer.indexOf('</page>', Math.max(start + 6, this.searchFrom));
      if (end === -1) {
        if (this.buffer.length - start > this.maxPageChars) {
          throw this.tooLarge();
        }
        const open = start === 0 ? this.buffer : this.buffer.slice(start);
        this.buffer = '';
        this.pieces = [open];
        this.piecesLength = open.length;
        this.tail = open.slice(-6);
        this.searchFrom = 0;
        return;
      }
      this.searchFrom = 0;
      const xml = this.buffer.slice(start, end);
      this.buffer = this.buffer.slice(end + 7);
      this.readPage(xml);
    }
  }

  private readPage(xml: string): void {
    if (xml.length > this.maxPageChars) {
      throw this.tooLarge();
    }
    const nested = xml.indexOf('<page>', 6);
    if (nested !== -1) throw new DumpFormatError(`malformed XML: ${this.where()} is not closed before the next <page> starts`);
    const title = between(xml, '<title>', '</title>');
    const revision = xml.indexOf('<revision');
    const head = revision === -1 ? xml : xml.slice(0, revision);
    const id = between(head, '<id>', '</id>');
    const text = readText(xml);
    if (title === null || id === null || !/^\s*\d+\s*$/.test(id) || text === null) {
      const missing =
        title === null ? '<title>' : id === null || !/^\s*\d+\s*$/.test(id) ? 'a numeric page <id>' : 'a closed <text> element';
      throw new DumpFormatError(`malformed XML: ${this.where()} has no ${missing}`);
    }
    const decodedTitle = decodeXmlText(textOfBytes(title));
    const nsText = between(head, '<ns>', '</ns>');
    const ns = nsText !== null ? Number(nsText.trim()) : NAMESPACE_PREFIX.test(decodedTitle) ? -99 : 0;
    const isRedirect = head.includes('<redirect') || startsWithRedirect(text);
    this.pages++;
    this.lastPage = { id: Number(id), title: decodedTitle };
    this.onPage({ id: Number(id), ns, title: decodedTitle, isRedirect, xmlBytes: text });
  }

  /** Call at the end of the input: an unclosed page means the input was cut off. */
  end(): void {
    const start = this.pieces.length > 0 ? 0 : this.buffer.indexOf('<page>');
    if (start !== -1) throw new DumpFormatError(`the XML ends inside ${this.where()}: the input is truncated`);
    this.buffer = '';
    this.pieces = [];
  }

  /** True when the input looked like a MediaWiki export (a root element or a page). */
  get sawMediaWiki(): boolean {
    return this.sawPageOrRoot;
  }
}

/**
 * Caption and alt text of one file tag (WikiTextExtractor and WikiAltTagExtractor, seed-code.md
 * §4.3-4.4). The caption is cleaned of markup in eleven steps: option check, entities, refs, tags,
 * templates, citations, nested file tags, links, external links, bold/italic, whitespace.
 *
 * paper: the caption is the last component (none when it is a layout option, matched untrimmed);
 * `<ref` … `</ref>` is removed greedily on one line; the alt text is returned raw.
 * fixed: the caption is the last component that is not an option (trimmed, case-insensitive, with
 * the vertical-alignment and media options); each `<ref>` is removed on its own, across lines,
 * self-closing ones too; the alt text is cleaned like a caption; whitespace is Unicode whitespace.
 */
import { splitComponents } from './components';
import { cleanTemplates } from './clean-templates';
import { decodeHtmlEntities, decodeXmlEntities } from './entities';
import { javaSplit, javaTrim, normaliseWhitespace } from './java-text';
import { findFileTags } from './scan-file-tags';

const PAPER_OPTIONS = [
  /^:?(File|Image):.*$/,
  /^thumb(nail)?[ \t\n\x0B\f\r]*?(=.*?)?$/,
  /^frame(d|less)?$/,
  /^border$/,
  /^(right|left|center|centre|none)$/,
  /^upright([ \t\n\x0B\f\r]*?=[ \t\n\x0B\f\r]*?[0-9.]+)?$/,
  /^[0-9x]+[ \t\n\x0B\f\r]*?px$/,
  /^link[ \t\n\x0B\f\r]*?=.*?$/,
  /^alt[ \t\n\x0B\f\r]*?=.*?$/,
  /^class[ \t\n\x0B\f\r]*?=.*?$/,
  /^page[ \t\n\x0B\f\r]*?=[0-9]+$/,
  /^lang[ \t\n\x0B\f\r]*?=.*?$/,
];
const FIXED_OPTION =
  /^(?::?(?:file|image)\s*:[\s\S]*|thumb(?:nail)?(?:\s*=[\s\S]*)?|frame(?:d|less)?|border|right|left|center|centre|none|baseline|middle|sub|super|text-top|text-bottom|top|bottom|upright(?:\s*=\s*[0-9.]*)?|[0-9]*\s*x?\s*[0-9]+\s*px|(?:link|alt|class|page|lang|thumbtime|start|end)\s*=[\s\S]*|loop|muted)$/i;

const REF_PAPER = /<ref.*<\/ref>/g;
const REF_FIXED = /<ref\b[^>]*\/>|<ref\b[^>]*>[\s\S]*?<\/ref\s*>/gi;
const XML_TAG = /<.+?>|<\/.+?>|<.+?\/>/g;
const CITATION = /\{\{[cC]ite.*?\}\}/g;
const WIKILINK = /\[\[[^|]+?\]\]/g;
const NAMED_WIKILINK = /\[\[.+?\|.+?\]\]/g;
const EXTERNAL_LINK = /\[http.*?\]/g;

/** Java's `String.replace(target, replacement)`: every literal occurrence. */
function replaceLiteral(text: string, target: string, replacement: string): string {
  return text.includes(target) ? text.split(target).join(replacement) : text;
}

function pickCaption(components: string[], fixed: boolean): string | null {
  if (!fixed) {
    const last = components[components.length - 1]!;
    return PAPER_OPTIONS.some((p) => p.test(last)) ? null : last;
  }
  for (let i = components.length - 1; i >= 1; i--) {
    const component = components[i]!;
    if (!FIXED_OPTION.test(component.trim())) return component;
  }
  return null;
}

/** Steps 2-11 on a caption's raw wikitext; null when nothing is left. */
export function cleanCaptionText(raw: string, fixed: boolean): string | null {
  let caption = decodeHtmlEntities(decodeXmlEntities(raw));
  if (caption.includes('<')) {
    caption = caption.replace(fixed ? REF_FIXED : REF_PAPER, '');
    caption = caption.replace(XML_TAG, ' ');
  }
  caption = cleanTemplates(caption, fixed);
  if (caption.includes('{{')) caption = caption.replace(CITATION, '');
  if (caption.includes('[[')) {
    const snapshot = caption;
    for (const tag of findFileTags(snapshot, fixed)) {
      const inner = extractCaption(tag, fixed);
      caption = replaceLiteral(caption, tag, inner === null ? '' : ` ${inner} `);
    }
    for (const [link] of caption.matchAll(WIKILINK)) caption = replaceLiteral(caption, link, link.slice(2, -2));
    for (const [link] of caption.matchAll(NAMED_WIKILINK)) {
      const parts = javaSplit(link.slice(2, -2), /\|/);
      if (parts.length === 2) caption = replaceLiteral(caption, link, parts[1]!);
    }
  }
  if (caption.includes('[http')) {
    for (const [link] of caption.matchAll(EXTERNAL_LINK))
      caption = replaceLiteral(caption, link, javaSplit(link, /[ \]]/).slice(1).join(' '));
  }
  if (caption.includes("''")) caption = caption.replaceAll("'''", '').replaceAll("''", '');
  if ((fixed ? caption.trim() : javaTrim(caption)) === '') return null;
  return normaliseWhitespace(caption, fixed);
}

/** The visible caption of a file tag, cleaned; null when it has none. */
export function extractCaption(tag: string, fixed: boolean): string | null {
  const raw = pickCaption(splitComponents(tag), fixed);
  return raw === null ? null : cleanCaptionText(raw, fixed);
}

const PAPER_ALT = /^ ?alt ?=(.*)$/;
const FIXED_ALT = /^alt\s*=([\s\S]*)$/i;

/**
 * The `alt=` text of a file tag: the first component that starts with `alt=` (paper: raw, `""`
 * for an empty `alt=`; fixed: cleaned like a caption, `""` when nothing is left). Null without one.
 */
export function extractAlt(tag: string, fixed: boolean): string | null {
  for (const component of splitComponents(tag)) {
    const match = (fixed ? FIXED_ALT : PAPER_ALT).exec(fixed ? component.trim() : javaTrim(component));
    if (match) return fixed ? (cleanCaptionText(match[1]!, true) ?? '') : match[1]!;
  }
  return null;
}

/**
 * The map step for one page (WikiImageExtractionMapper plus the per-caption work of
 * CaptionFilterMapper, seed-code.md §4.5-4.6): every file tag becomes a reference row with its
 * image key, caption and alt text. Texts are preprocessed as the original did before its caption
 * filters (line breaks to spaces, whitespace collapsed and trimmed; paper mode also strips accents,
 * as the released corpus did) and classified (word count, Table 4 sentence, verb) here, in the
 * parallel map, so the reduce is pure SQL.
 */
import type { MiningMode } from './mining-options';
import { foldCaption, nearEqualityForm } from './pair-filters';
import type { CaptionCell, ReferenceRow } from './reference-rows';
import { classifyCaption, type Tagger } from './text/caption-classifier';
import { MIN_CAPTION_WORDS } from './mining-options';
import { imageKeyOfTag } from './image-name';
import { extractAlt, extractCaption } from './wikitext/caption';
import { normaliseWhitespace, stripAccents } from './wikitext/java-text';
import { findFileTags, findFileTagsInXml } from './wikitext/scan-file-tags';

export interface PageInput {
  id: number;
  title: string;
  text: string;
}

export interface XmlPageInput {
  id: number;
  title: string;
  /** the wikitext as it stands in the dump XML, as a byte string (lib/mining/dump/xml-text.ts) */
  xmlBytes: string;
}

export interface MapContext {
  mode: MiningMode;
  tagger: Tagger;
}

function toCell(raw: string | null, context: MapContext): CaptionCell | null {
  if (raw === null) return null;
  const fixed = context.mode === 'fixed';
  const text = normaliseWhitespace((fixed ? raw : stripAccents(raw)).replace(/\n/g, ' '), fixed);
  const { words, isSentence, hasVerb } = classifyCaption(text, context.tagger, fixed);
  const long = words >= MIN_CAPTION_WORDS;
  return {
    text,
    words,
    isSentence,
    hasVerb,
    fold: long ? foldCaption(text) : null,
    norm: long ? nearEqualityForm(text, fixed) : null,
  };
}

/** The references of one namespace-0 page, in the order the original emits them. */
export function mapPage(page: PageInput, context: MapContext): ReferenceRow[] {
  return referenceRows(page, findFileTags(page.text, context.mode === 'fixed'), context);
}

/** mapPage for a page whose text is still XML bytes, as the dump splitter hands it on. */
export function mapXmlPage(page: XmlPageInput, context: MapContext): ReferenceRow[] {
  return referenceRows(page, findFileTagsInXml(page.xmlBytes, context.mode === 'fixed'), context);
}

function referenceRows(page: { id: number; title: string }, tags: readonly string[], context: MapContext): ReferenceRow[] {
  const fixed = context.mode === 'fixed';
  const rows: ReferenceRow[] = [];
  for (const tag of tags) {
    const imageKey = imageKeyOfTag(tag, fixed);
    if (imageKey === null) continue;
    rows.push({
      pageId: page.id,
      title: page.title,
      imageKey,
      caption: toCell(extractCaption(tag, fixed), context),
      alt: toCell(extractAlt(tag, fixed), context),
    });
  }
  return rows;
}

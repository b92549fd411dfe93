/**
 * Wikipedia-IPC pair records (Gohsen et al., EACL 2023), as written by the mining pipeline's
 * `ParaphraseWritable.serialize` and read by its `wikipedia_ipc_parser.py` (docs/sources.md#ipc-pair-format):
 * JSON Lines with `id` (32-bit hash, not unique), `cluster-id` (not unique), `image` (Commons URL),
 * `first`/`second` = {`caption-text`, `caption-type`, `page`}, `similarities` and an optional
 * `is_paraphrase` (`is-paraphrase` in the Python writer). `WIKI_TEXT` is a visible caption,
 * `WIKI_TEXT_ALT_TAG` (and the web-crawl `HTML_ALT_TAG`) alt text; the pipeline never pairs the
 * two kinds, so a mixed pair is rejected. The tier is not in the record (it comes from the file
 * name). Unknown top-level keys are kept in metadata.
 */
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { checkPairText, pushResult } from '../format-parser';
import { addSource, readImage } from '../image-key';
import { describeValue, idToString, isJsonObject, parseJsonText, setJsonEntry } from '../json-values';
import { createJsonLinesParser } from '../jsonl-parser';
import { readSimilarities } from '../similarity-keys';
import type { JsonObject, JsonValue, PairRecord, TextInput, TextType } from '../types';

const CAPTION_TYPES = new Map<string, TextType>([
  ['WIKI_TEXT', 'caption'],
  ['WIKI_TEXT_ALT_TAG', 'alt_text'],
  ['HTML_ALT_TAG', 'alt_text'],
]);
const KNOWN_KEYS = new Set(['id', 'cluster-id', 'image', 'first', 'second', 'similarities', 'is_paraphrase', 'is-paraphrase']);

/** First complete sample line parsed as an object, for JSON-based sniffers. */
export function sampleFirstObject(lines: readonly string[]): JsonObject | null {
  const first = lines[0];
  if (first === undefined) return null;
  const parsed = parseJsonText(first);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}

const TEXT_NAMES = { first: 'first.caption-text', second: 'second.caption-text' } as const;

function readCaption(value: JsonValue | undefined, side: 'first' | 'second'): TextInput | string {
  if (!isJsonObject(value)) return `"${side}" must be an object with "caption-text", found ${describeValue(value)}`;
  const text = value['caption-text'];
  const problem = checkPairText(typeof text === 'string' ? text : undefined, TEXT_NAMES[side]);
  if (problem !== null || typeof text !== 'string') return problem ?? `${TEXT_NAMES[side]} is missing`;
  const rawType = value['caption-type'];
  let type: TextType = 'caption';
  if (rawType !== undefined && rawType !== null) {
    const mapped = typeof rawType === 'string' ? CAPTION_TYPES.get(rawType) : undefined;
    if (!mapped) return `${side}.caption-type must be WIKI_TEXT or WIKI_TEXT_ALT_TAG, found ${describeValue(rawType)}`;
    type = mapped;
  }
  const caption: TextInput = { text, type };
  addSource(caption, value.page);
  return caption;
}

/** One pair line as a record, or what is wrong with it. */
export function readPairRecord(object: JsonObject, lineNumber: number): PairRecord | string {
  const a = readCaption(object.first, 'first');
  if (typeof a === 'string') return a;
  const b = readCaption(object.second, 'second');
  if (typeof b === 'string') return b;
  if (a.type !== b.type) return `first is ${a.type} but second is ${b.type}: a pair never mixes caption and alt text`;
  const image = readImage(object.image, 'image');
  if (typeof image === 'string') return image;
  const sims = readSimilarities(object.similarities);
  if (typeof sims === 'string') return sims;
  const flag = object.is_paraphrase ?? object['is-paraphrase'];
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean')
    return `is_paraphrase must be true or false, found ${describeValue(flag)}`;
  const metadata: JsonObject = {};
  for (const key in object) if (!KNOWN_KEYS.has(key)) setJsonEntry(metadata, key, object[key] ?? null);
  if (sims.hasOthers) metadata.otherSimilarities = sims.others;
  // Plain assignments rather than conditional spreads: this runs for every mined pair.
  const record: PairRecord = { lineNumber, a, b, image, metadata, similarities: sims.similarities };
  const originalId = idToString(object.id);
  if (originalId !== undefined) record.originalId = originalId;
  const clusterId = idToString(object['cluster-id']);
  if (clusterId !== undefined) record.clusterId = clusterId;
  if (typeof flag === 'boolean') {
    record.referenceLabel = String(flag);
    record.isParaphrase = flag;
  }
  return record;
}

export const wikipediaIpcFormat: FormatDefinition = {
  name: 'wikipedia-ipc',
  label: 'Wikipedia-IPC',
  hasTiers: true,
  title: 'Wikipedia-IPC pairs (JSON Lines: first/second captions, image, similarities)',
  sniff(sample) {
    const object = sampleFirstObject(sampleRecords(sample, 1));
    if (!object) return 0;
    return isJsonObject(object.first) && isJsonObject(object.second) ? 1 : 0;
  },
  createParser() {
    return createJsonLinesParser((object, line, out) =>
      pushResult(out, readPairRecord(object, line.lineNumber), line.lineNumber, line.text),
    );
  },
};

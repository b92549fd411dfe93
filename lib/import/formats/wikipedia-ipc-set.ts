/**
 * Set-shaped Wikipedia-IPC records, as read by the authors' later COLING 2024 code
 * (`wikipedia_ipc_parser.py`, `paraphrase_set.py` `to_pairs`; docs/sources.md#ipc-set-format): JSON Lines with
 * `id`, `cluster_id`, `image_url` and `paraphrase: [{content, reference}]`, where `reference` is
 * most likely the article URL. A set expands into all i<j pairs, in list order, lazily; a set of
 * more texts than the limit (lib/import/limits.ts) is rejected on its line. Any invalid member
 * rejects the whole line; a set with fewer than two texts forms no pair and is reported, so no line
 * disappears silently. Hyphenated key spellings (`cluster-id`, `image`) are accepted too.
 */
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { checkPairText, expandSet, pushError } from '../format-parser';
import { DEFAULT_IMPORT_LIMITS, setTooLargeMessage, type ImportLimits } from '../limits';
import { describeValue, idToString, isJsonObject, setJsonEntry } from '../json-values';
import { createJsonLinesParser } from '../jsonl-parser';
import type { JsonObject, PairRecord, TextInput } from '../types';
import { readImage, readSource } from '../image-key';
import { sampleFirstObject } from './wikipedia-ipc';

const KNOWN_KEYS = new Set(['id', 'cluster_id', 'cluster-id', 'image_url', 'image', 'paraphrase']);

function readMembers(value: JsonObject[string] | undefined, limits: Readonly<ImportLimits>): TextInput[] | string {
  if (!Array.isArray(value)) return `"paraphrase" must be a list of {content, reference}, found ${describeValue(value)}`;
  if (value.length > limits.maxSetTexts) return setTooLargeMessage('the paraphrase set', value.length, limits);
  const texts: TextInput[] = [];
  for (let i = 0; i < value.length; i++) {
    const member = value[i];
    const name = `paraphrase[${i}]`;
    if (!isJsonObject(member)) return `${name} must be an object with "content", found ${describeValue(member)}`;
    const content = member.content;
    const problem = checkPairText(typeof content === 'string' ? content : undefined, `${name}.content`);
    if (problem !== null || typeof content !== 'string') return problem ?? `${name}.content is missing`;
    texts.push({ text: content, type: 'caption', ...readSource(member.reference) });
  }
  if (texts.length < 2)
    return `paraphrase set has ${texts.length} text${texts.length === 1 ? '' : 's'}; at least 2 are needed to form a pair`;
  return texts;
}

export const wikipediaIpcSetFormat: FormatDefinition = {
  name: 'wikipedia-ipc-set',
  label: 'Wikipedia-IPC sets',
  hasTiers: true,
  title: 'Wikipedia-IPC paraphrase sets (JSON Lines: image_url, paraphrase[{content, reference}])',
  sniff(sample) {
    const object = sampleFirstObject(sampleRecords(sample, 1));
    return object && Array.isArray(object.paraphrase) ? 1 : 0;
  },
  createParser(context) {
    const limits = context.limits ?? DEFAULT_IMPORT_LIMITS;
    return createJsonLinesParser((object, line, out) => {
      const texts = readMembers(object.paraphrase, limits);
      if (typeof texts === 'string') return pushError(out, line.lineNumber, texts, line.text);
      const imageValue = object.image_url ?? object.image;
      const image = imageValue === undefined ? undefined : readImage(imageValue, 'image_url');
      if (typeof image === 'string') return pushError(out, line.lineNumber, image, line.text);
      const originalId = idToString(object.id);
      const clusterId = idToString(object.cluster_id ?? object['cluster-id']);
      const extra: JsonObject = {};
      for (const key in object) if (!KNOWN_KEYS.has(key)) setJsonEntry(extra, key, object[key] ?? null);
      const size = texts.length;
      out.push(
        expandSet(line.lineNumber, line.text, size, (i, j) => {
          const metadata: JsonObject = { ...extra };
          metadata.setIndexA = i;
          metadata.setIndexB = j;
          metadata.setSize = size;
          const record: PairRecord = { lineNumber: line.lineNumber, a: texts[i]!, b: texts[j]!, metadata, similarities: {} };
          if (originalId !== undefined) record.originalId = originalId;
          if (clusterId !== undefined) record.clusterId = clusterId;
          if (image) record.image = image;
          return record;
        }),
      );
    });
  },
};

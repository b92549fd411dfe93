/**
 * Image identity and article titles for Wikipedia-IPC records. The mining pipeline builds an image
 * URI as `https://commons.wikimedia.org/wiki/` + URL-encoded `File:<name>` (spaces as `_`, `Image:`
 * rewritten to `File:`) and a page URI the same way (docs/sources.md#image-key). The key is
 * that file name decoded, with any namespace prefix (`Image:`, `file:`, `Datei:`, ...) written
 * `File:` and spaces written `_`, so the same file named two ways groups together. The first letter
 * is not capitalised: the pipeline compared image URIs exactly (ResourceIdentity), and so do we.
 */
import { describeValue } from './json-values';
import type { ImageRef, JsonValue, TextInput } from './types';

/** Namespace names under which MediaWiki wikis address files (English and common local aliases). */
const FILE_PREFIX =
  /^(?:file|image|media|datei|bild|fichier|archivo|imagen|immagine|ficheiro|plik|bestand|файл|изображение):\s*/i;

function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Path of an absolute URL (`scheme://host/path?query#fragment` -> `/path`), still percent-encoded;
 * null when the text is not such a URL. Hand-rolled because WHATWG URL parsing, run three times
 * per imported pair, cost more than JSON.parse of the whole line.
 */
function urlPath(url: string): string | null {
  const scheme = url.indexOf('://');
  if (scheme <= 0) return null;
  if (!url.startsWith('http') && !/^[a-z][a-z0-9+.-]*$/i.test(url.slice(0, scheme))) return null;
  const slash = url.indexOf('/', scheme + 3);
  if (slash === -1) return '';
  let end = url.length;
  const query = url.indexOf('?', slash);
  if (query !== -1) end = query;
  const hash = url.indexOf('#', slash);
  if (hash !== -1 && hash < end) end = hash;
  return url.slice(slash, end);
}

/** The file-name segment of an image URL path; thumbnails name the original three segments after `thumb`. */
function fileSegment(path: string): string {
  const thumb = path.indexOf('/thumb/');
  if (thumb !== -1) {
    // /wikipedia/commons/thumb/a/ab/Name.jpg/220px-Name.jpg -> Name.jpg
    const parts = path.slice(thumb + 7).split('/');
    if (parts.length >= 3 && parts[2]) return parts[2];
  }
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(path.lastIndexOf('/', end - 1) + 1, end);
}

function computeImageKey(image: string): string | null {
  const trimmed = image.trim();
  if (trimmed.length === 0) return null;
  const path = urlPath(trimmed);
  let segment = path === null ? trimmed : fileSegment(path);
  // The pipeline's own spelling (docs/sources.md#image-key); most names need no further decoding after it.
  if (segment.startsWith('File%3A')) segment = `File:${segment.slice(7)}`;
  let name = safeDecode(segment);
  const colon = name.indexOf(':');
  if (colon !== -1 && colon < 24) name = name.replace(FILE_PREFIX, '');
  if (name.includes(' ')) name = name.replaceAll(' ', '_');
  return name.length === 0 ? null : `File:${name}`;
}

/**
 * Remembers the last few answers: the pipeline writes all pairs of one image one after another
 * (ParaphraseConstructionReducer, docs/sources.md#pair-construction), so the same image and
 * pages repeat within a few lines. Four slots cover the two pages of a pair plus the previous pair's.
 */
function rememberRecent(compute: (input: string) => string | null): (input: string) => string | null {
  const inputs: (string | null)[] = [null, null, null, null];
  const outputs: (string | null)[] = [null, null, null, null];
  let next = 0;
  return (input) => {
    for (let i = 0; i < 4; i++) if (inputs[i] === input) return outputs[i] ?? null;
    const output = compute(input);
    inputs[next] = input;
    outputs[next] = output;
    next = (next + 1) & 3;
    return output;
  };
}

/**
 * Normalised `File:Name.ext` key for an image URL or bare file name; null when nothing usable is
 * left (empty input, URL without a path).
 */
export const normaliseImageKey = rememberRecent(computeImageKey);

function computeArticleTitle(pageUrl: string): string | null {
  const path = urlPath(pageUrl.trim());
  if (path === null) return null;
  const wiki = path.indexOf('/wiki/');
  let title = safeDecode(wiki !== -1 ? path.slice(wiki + 6) : path.slice(path.lastIndexOf('/') + 1));
  if (title.includes('_')) title = title.replaceAll('_', ' ');
  if (title.length > 0 && (title.charCodeAt(0) <= 32 || title.charCodeAt(title.length - 1) <= 32)) title = title.trim();
  return title.length > 0 ? title : null;
}

/**
 * `https://en.wikipedia.org/wiki/Hans_Zimmer%27s_studio` -> `Hans Zimmer's studio`. Everything after
 * `/wiki/` is the title (titles such as `AC/DC` may contain a slash); otherwise the last path
 * segment. Null when the text is not a URL with a path.
 */
export const deriveArticleTitle = rememberRecent(computeArticleTitle);

/** The image of a record: its URL as given plus the normalised key; a message when unusable. */
export function readImage(value: JsonValue | undefined, name: string): ImageRef | string {
  if (typeof value !== 'string' || value.trim() === '') return `${name} is missing or empty`;
  const key = normaliseImageKey(value);
  return key === null ? `${name} ${describeValue(value)} does not name an image file` : { url: value, key };
}

/** Sets `sourcePage` and `sourceTitle` on a text from a page URL (nothing when there is none). */
export function addSource(text: TextInput, page: JsonValue | undefined): void {
  if (typeof page !== 'string' || page.trim() === '') return;
  text.sourcePage = page;
  const title = deriveArticleTitle(page);
  if (title !== null) text.sourceTitle = title;
}

/** Page URL and the article title derived from it. */
export function readSource(page: JsonValue | undefined): Pick<TextInput, 'sourcePage' | 'sourceTitle'> {
  if (typeof page !== 'string' || page.trim() === '') return {};
  const title = deriveArticleTitle(page);
  return title === null ? { sourcePage: page } : { sourcePage: page, sourceTitle: title };
}

/**
 * Image references inside templates (WikiTextImageExtractor.handleBraceToken, seed-code.md §4.2):
 * any `{{…}}` whose text contains `image` is split into `key = value` components; `image`/`imageN`
 * name files, `captionN` and `altN` their caption and alt text (so `{{Infobox …}}` and
 * `{{Multiple image|image1=…|caption1=…}}` are covered). Each named file becomes a synthetic tag
 * `[[File:<value>|alt=<alt>|<caption>]]`. A value that is itself a `[[File:…]]` tag is skipped here:
 * the bracket scanner emits that tag on its own.
 *
 * paper: the value is every `=`-separated part after the key concatenated (so `=` inside a value is
 * lost), only `image` plus one digit names a file, and the synthetic tag must fit on one line.
 * fixed: the value is everything after the first `=`, `image` takes any number, multi-line is fine.
 */
import { splitComponents } from './components';
import { javaSplit, javaTrim } from './java-text';

const TAG = /<.+?>|<\/.+?>|<.+?\/>/g;
export const PAPER_FILE_TAG = /^\[\[:?(?:[fF]ile|[iI]mage):[^\n\r\u0085\u2028\u2029]+\]\]$/;
export const FIXED_FILE_TAG = /^\[\[[ \t]*(?:file|image)[ \t]*:[\s\S]+\]\]$/i;
const PAPER_IMAGE_KEY = /^image[0-9]?$/;
const FIXED_IMAGE_KEY = /^image[0-9]*$/;
const PREFIXED_PAPER = /^(?:File|Image):/;
const PREFIXED_FIXED = /^[ \t]*(?:file|image)[ \t]*:/i;

interface KeyValue {
  key: string;
  value: string;
}

function readKeyValue(component: string, fixed: boolean): KeyValue {
  if (fixed) {
    const eq = component.indexOf('=');
    const rawKey = eq === -1 ? component : component.slice(0, eq);
    return { key: rawKey.trim().toLowerCase().replace(TAG, ''), value: eq === -1 ? '' : component.slice(eq + 1).trim() };
  }
  const parts = javaSplit(component, /=/);
  return {
    key: javaTrim(parts[0] ?? '')
      .toLowerCase()
      .replace(TAG, ''),
    value: javaTrim(parts.slice(1).join('')),
  };
}

/** Synthetic file tags for the images a template names, in the original's order ("", "1", …, "9"). */
export function templateImageTags(token: string, fixed: boolean): string[] {
  if (!token.includes('image')) return [];
  const text = token.replace(/\{\{!\}\}/g, '|');
  if (text.length < 5) return [];
  const fileTag = fixed ? FIXED_FILE_TAG : PAPER_FILE_TAG;
  const names = new Map<string, string>();
  const captions = new Map<string, string>();
  const alts = new Map<string, string>();
  for (const component of splitComponents(text)) {
    const { key, value } = readKeyValue(component, fixed);
    if ((fixed ? FIXED_IMAGE_KEY : PAPER_IMAGE_KEY).test(key)) {
      if (!fileTag.test(value) && value !== '') names.set(key.slice(5), value);
    } else if (key.startsWith('caption')) {
      if (value !== '') captions.set(key.replaceAll('caption', ''), value);
    } else if (key.startsWith('alt')) {
      if (value !== '') alts.set(key.replaceAll('alt', ''), value);
    }
  }
  const ids = [...names.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : Number(a) - Number(b)));
  const tags: string[] = [];
  for (const id of ids) {
    const name = names.get(id)!;
    const prefixed = (fixed ? PREFIXED_FIXED : PREFIXED_PAPER).test(name);
    const alt = alts.get(id);
    const caption = captions.get(id);
    const tag = `[[${prefixed ? '' : 'File:'}${name}${alt !== undefined ? `|alt=${alt}` : ''}${caption !== undefined ? `|${caption}` : ''}]]`;
    if (fileTag.test(tag)) tags.push(tag);
  }
  return tags;
}

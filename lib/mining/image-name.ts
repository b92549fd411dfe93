/**
 * The image identity of a file tag (seed-code.md §4.5; paper sec. 3 "Image Equivalence": equal
 * Commons names are the same image, every prefix is normalised to `File:`), plus the Commons and
 * Wikipedia URLs the original wrote (Java URLEncoder, `+` then written `_`).
 *
 * paper: the first `File:`/`Image:` name in the tag up to `|` or `]`, untrimmed, spaces as `_`; so
 * `[[File:A.jpg |…]]` and `[[File:a.jpg|…]]` are two images other than `A.jpg`.
 * fixed: the name after a prefix in any case, URL-decoded, `_` and runs of spaces as one space,
 * trimmed, first letter upper-cased (MediaWiki's own title rules), through lib/import's key.
 */
import { normaliseImageKey } from '@/lib/import/image-key';

const PAPER_NAME = /(?:File|Image):[^|\]]+/;
const FIXED_NAME = /^\[\[[ \t]*(?:file|image)[ \t]*:([^|\]]*)/i;

export function imageKeyOfTag(tag: string, fixed: boolean): string | null {
  if (!fixed) {
    const match = PAPER_NAME.exec(tag);
    return match ? match[0].replaceAll('Image:', 'File:').replaceAll(' ', '_') : null;
  }
  const match = FIXED_NAME.exec(tag);
  if (!match) return null;
  const name = match[1]!.replace(/[\s_]+/g, ' ').trim();
  if (name === '') return null;
  const key = normaliseImageKey(`File:${name}`);
  if (key === null) return null;
  const bare = key.slice(5).replace(/^_+/, '');
  return bare === '' ? null : `File:${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
}

const encoder = new TextEncoder();
const UNRESERVED = new Uint8Array(256);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.*_-') UNRESERVED[ch.charCodeAt(0)] = 1;

/** `URLEncoder.encode(text, "UTF-8")` with `+` replaced by `_`, as the original built its URIs. */
export function javaUrlEncode(text: string): string {
  let out = '';
  for (const byte of encoder.encode(text)) {
    if (UNRESERVED[byte] === 1) out += String.fromCharCode(byte);
    else if (byte === 32) out += '_';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function commonsUrl(imageKey: string): string {
  return `https://commons.wikimedia.org/wiki/${javaUrlEncode(imageKey)}`;
}

export function articleUrl(title: string): string {
  return `https://en.wikipedia.org/wiki/${javaUrlEncode(title)}`;
}

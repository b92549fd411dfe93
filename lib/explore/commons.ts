/**
 * Links to an image on Wikimedia Commons from its stored key (`File:Name.jpg`, lib/import/image-key.ts)
 * or URL: the file's Commons page, and a thumbnail through Special:FilePath (which redirects to
 * upload.wikimedia.org; the page CSP allows both hosts for images). Pure.
 */
const COMMONS = 'https://commons.wikimedia.org';

function fileName(key: string): string | null {
  const match = /^(?:File|Image):(.+)$/i.exec(key.trim());
  return match ? match[1]!.replace(/ /g, '_') : null;
}

/** The Commons page of the image, or null when neither the key nor the URL names a Commons file. */
export function commonsPageUrl(image: { key: string; url: string | null }): string | null {
  if (image.url && /^https:\/\/commons\.wikimedia\.org\//.test(image.url)) return image.url;
  const name = fileName(image.key);
  return name ? `${COMMONS}/wiki/File:${encodeURIComponent(name)}` : null;
}

/** A thumbnail `width` pixels wide, or null when the key is not a Commons file. */
export function commonsThumbnailUrl(key: string, width = 320): string | null {
  const name = fileName(key);
  return name ? `${COMMONS}/wiki/Special:FilePath/${encodeURIComponent(name)}?width=${width}` : null;
}

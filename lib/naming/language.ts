/** Corpus languages: ISO 639-1 codes (`en`, `es`, `de`, `el`, `ja`, ...) and their English names. */

export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2}$/u.test(code)) return false;
  return languageName(code) !== code;
}

/** `es` → `Spanish`; the code itself when the runtime does not know it. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A corpus's language from its texts: tinyld (MIT, no dependencies, works offline; ISO 639-1
 * codes) on the first texts of the corpus taken together. docs/metrics.md#corpus-language has the
 * detector's accuracy on the shared corpora.
 */
import { detect } from 'tinyld';

/** Texts looked at per corpus. */
export const DETECT_SAMPLE = 200;

export interface LanguageGuess {
  /** ISO 639-1, or null when the detector cannot tell */
  language: string | null;
  /** texts looked at */
  texts: number;
}

/** The language of one text ('' when the detector cannot tell). Unreliable under a few words. */
export function detectTextLanguage(text: string): string {
  return detect(text);
}

/**
 * Collects the first DETECT_SAMPLE texts as an import reads them, then guesses from all of them at
 * once: one short text (`moneda griega`) says little, two hundred together say a lot.
 */
export class LanguageSampler {
  private readonly texts: string[] = [];

  get full(): boolean {
    return this.texts.length >= DETECT_SAMPLE;
  }

  add(text: string): void {
    if (!this.full && /\p{L}/u.test(text)) this.texts.push(text);
  }

  guess(): LanguageGuess {
    const language = this.texts.length > 0 ? detect(this.texts.join('\n')) : '';
    return { language: language || null, texts: this.texts.length };
  }
}

/** The language of some texts (the first DETECT_SAMPLE with a letter), judged together. */
export function detectCorpusLanguage(texts: Iterable<string>): LanguageGuess {
  const sampler = new LanguageSampler();
  for (const text of texts) {
    sampler.add(text);
    if (sampler.full) break;
  }
  return sampler.guess();
}

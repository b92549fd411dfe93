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
 * English unless the texts one by one back a non-English guess: tinyld takes some samples of short
 * English tweets together for Berber, German, Irish or Lithuanian (PIT-2015: 17 of 40 samples of
 * its dev file), while one by one most of those texts are English. A guess stands when at least as
 * many texts alone give it as give English.
 */
export function corroborated(guess: string, texts: readonly string[]): string {
  if (guess === 'en') return guess;
  let english = 0;
  let backing = 0;
  for (const text of texts) {
    const one = detect(text);
    if (one === 'en') english += 1;
    else if (one === guess) backing += 1;
  }
  return english > backing ? 'en' : guess;
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
    return { language: language ? corroborated(language, this.texts) : null, texts: this.texts.length };
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

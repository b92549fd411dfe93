/**
 * Tokenizers for the similarity measures.
 *
 * `rouge` reproduces rouge-score 0.0.4 `tokenize.tokenize(text, stemmer)` (google-research
 * rouge/tokenize.py), which the paper used for ROUGE, BLEU and WMS: lower-case; every run of
 * characters outside [a-z0-9] becomes a space; split; Porter-stem (NLTK) tokens longer than
 * 3 characters. Lower-casing happens before the filter, so "İ" (U+0130 -> "i̇") and the Kelvin
 * sign (-> "k") contribute letters exactly as in Python; no other non-ASCII character does.
 * The character rules here are shared with the id-based tokenizer in token-ids.ts.
 *
 * `whitespace` is Python's `text.split()` (same whitespace set as Python's str.isspace), case
 * kept. With stemming on, tokens longer than 3 characters go through NLTK's `stem()`, which
 * lower-cases them (NLTK's default); turn stemming off to keep every token as written.
 *
 * `unicode` is the tokenizer of corpora in other languages (language-tokenize.ts): case-folded
 * runs of Unicode letters, digits and marks, stemmed with the language's Snowball stemmer.
 */
import { scanUnicodeTokens, stemUnicodeToken } from '@/lib/measures/language-tokenize';
import { stemPorterNltk } from '@/lib/measures/porter-stemmer';

export type TokenizerName = 'rouge' | 'whitespace' | 'unicode';

export interface TokenizeOptions {
  tokenizer: TokenizerName;
  stem: boolean;
  /** ISO 639-1: the `unicode` tokenizer's language (its stemmer, and word segmentation for ja, zh, th) */
  language?: string;
}

/** Stems are cached; the cache is dropped when it reaches this size so memory stays bounded. */
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

/** NLTK stem of a token with rouge-score's rule "stem only tokens longer than 3 characters". */
export function stemToken(token: string): string {
  if (token.length <= 3) return token;
  const cached = stemCache.get(token);
  if (cached !== undefined) return cached;
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  const stem = stemPorterNltk(token);
  stemCache.set(token, stem);
  return stem;
}

const LATIN_CAPITAL_I_WITH_DOT = 0x130; // lower-cases to "i" + U+0307 (a separator)
const KELVIN_SIGN = 0x212a; // lower-cases to "k"

/**
 * rouge tokenizer: the [a-z0-9] character code a UTF-16 code unit contributes after Python's
 * lower(), or -1 for a separator. Only two non-ASCII characters lower-case into [a-z0-9]
 * (checked over all of Unicode with Python 3.11 and Node 20).
 */
export function rougeCharCode(code: number): number {
  if (code >= 97 && code <= 122) return code;
  if (code >= 48 && code <= 57) return code;
  if (code >= 65 && code <= 90) return code + 32;
  if (code === LATIN_CAPITAL_I_WITH_DOT) return 105;
  if (code === KELVIN_SIGN) return 107;
  return -1;
}

/** True when a token ends right after this code unit ("İ" is "i" + a combining dot). */
export function endsRougeToken(code: number): boolean {
  return code === LATIN_CAPITAL_I_WITH_DOT;
}

/** String of UTF-16 codes, in chunks so very long tokens do not overflow the argument list. */
export function codesToString(codes: readonly number[]): string {
  if (codes.length <= 1024) return String.fromCharCode(...codes);
  let out = '';
  for (let i = 0; i < codes.length; i += 1024) out += String.fromCharCode(...codes.slice(i, i + 1024));
  return out;
}

/** Python's str.isspace() for one UTF-16 code unit (no whitespace lies outside the BMP). */
export function isPythonWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13) || (code >= 28 && code <= 31);
  if (code < 133) return false;
  return (
    code === 133 ||
    code === 160 ||
    code === 5760 ||
    (code >= 8192 && code <= 8202) ||
    code === 8232 ||
    code === 8233 ||
    code === 8239 ||
    code === 8287 ||
    code === 12288
  );
}

/** Calls `emit` with each raw (unstemmed) token of `text` (the character tokenizers, not `unicode`). */
export function scanTokens(text: string, tokenizer: Exclude<TokenizerName, 'unicode'>, emit: (token: string) => void): void {
  const codes: number[] = [];
  const rouge = tokenizer === 'rouge';
  for (let i = 0; i <= text.length; i += 1) {
    const raw = i < text.length ? text.charCodeAt(i) : -1;
    let code = -1;
    if (raw >= 0) code = rouge ? rougeCharCode(raw) : isPythonWhitespace(raw) ? -1 : raw;
    if (code >= 0) codes.push(code);
    if ((code < 0 || (rouge && endsRougeToken(raw))) && codes.length > 0) {
      emit(codesToString(codes));
      codes.length = 0;
    }
  }
}

/** The tokens the measures compare, as strings (the hot path in measures.ts works on ids). */
export function tokenize(text: string, options: TokenizeOptions): string[] {
  const tokens: string[] = [];
  if (options.tokenizer === 'unicode') {
    const language = options.language ?? 'und';
    scanUnicodeTokens(text, language, (token) => tokens.push(options.stem ? stemUnicodeToken(token, language) : token));
    return tokens;
  }
  scanTokens(text, options.tokenizer, (token) => {
    const final = options.stem ? stemToken(token) : token;
    if (final.length > 0) tokens.push(final);
  });
  return tokens;
}

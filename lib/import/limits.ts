/**
 * Limits that keep one import from taking the machine down: texts per paraphrase set (a set of n
 * texts becomes n(n-1)/2 pairs), pairs per import, and the length of one text (the alignment
 * behind ROUGE-L, Levenshtein and the LCP overlap is quadratic in the token counts). Each limit
 * exceeded is reported on its line; the defaults suit every corpus Paralens knows (the bronze
 * tier of Wikipedia-IPC allows 180 references per image) and can be raised in the environment.
 */
import { setting, type Env, type SettingName } from '@/lib/config/settings';

export interface ImportLimits {
  /** texts in one paraphrase set (Wikipedia-IPC sets, TaPaCo) */
  maxSetTexts: number;
  /** pairs one import may create, repeats included */
  maxPairs: number;
  /** characters of one text */
  maxTextChars: number;
  /** tokens of one text, as the measures count them (runs of letters and digits) */
  maxTextTokens: number;
}

export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  maxSetTexts: 200,
  maxPairs: 20_000_000,
  maxTextChars: 20_000,
  maxTextTokens: 2_000,
});

const ENV_NAMES = {
  maxSetTexts: 'PARALENS_IMPORT_MAX_SET_TEXTS',
  maxPairs: 'PARALENS_IMPORT_MAX_PAIRS',
  maxTextChars: 'PARALENS_IMPORT_MAX_TEXT_CHARS',
  maxTextTokens: 'PARALENS_IMPORT_MAX_TEXT_TOKENS',
} as const satisfies Record<keyof ImportLimits, SettingName>;

/** The limits with the environment's overrides (lib/config/settings.ts; a bad value throws ConfigError). */
export function importLimitsFromEnv(env: Env): ImportLimits {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof ImportLimits>)
    limits[key] = setting(ENV_NAMES[key], env) ?? limits[key];
  return limits;
}

export function limitSettingName(key: keyof ImportLimits): string {
  return ENV_NAMES[key];
}

/**
 * Tokens as the rouge tokenizer finds them: runs of ASCII letters and digits (upper-case counts,
 * since it lower-cases first). Cheap: one pass, no allocation.
 */
export function countMeasureTokens(text: string, stopAfter = Infinity): number {
  let count = 0;
  let inToken = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const lower = code | 0x20; // ASCII letters to lower case
    const isWordChar = (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122);
    if (isWordChar && !inToken) {
      count += 1;
      if (count > stopAfter) return count;
    }
    inToken = isWordChar;
  }
  return count;
}

/** A message when the text is longer than the limits allow; null when it fits. */
export function checkTextLength(text: string, name: string, limits: Readonly<ImportLimits>): string | null {
  if (text.length > limits.maxTextChars) {
    return `${name} has ${text.length.toLocaleString('en')} characters; the limit is ${limits.maxTextChars.toLocaleString('en')} (${ENV_NAMES.maxTextChars})`;
  }
  // A token has at least one character and tokens are separated: a short text cannot be over the limit.
  if (text.length <= limits.maxTextTokens) return null;
  const tokens = countMeasureTokens(text, limits.maxTextTokens);
  if (tokens > limits.maxTextTokens) {
    return `${name} has more than ${limits.maxTextTokens.toLocaleString('en')} words; the limit is ${limits.maxTextTokens.toLocaleString('en')} (${ENV_NAMES.maxTextTokens})`;
  }
  return null;
}

/** The message for a set over the limit, shared by every set-shaped format. */
export function setTooLargeMessage(what: string, size: number | string, limits: Readonly<ImportLimits>): string {
  return `${what} has ${size} texts; at most ${limits.maxSetTexts} are allowed per set (${ENV_NAMES.maxSetTexts}), since every two texts of a set form a pair`;
}

/**
 * NLTK's PorterStemmer in its default NLTK_EXTENSIONS mode, ported rule by rule from
 * nltk/stem/porter.py (NLTK 3.8; the file is unchanged between 3.7, which the paper pinned,
 * and 3.8: neither changelog entry touches it). The npm Porter stemmers implement the 1980
 * algorithm or Martin Porter's variant, which differ from NLTK on dying, lies, news, skies,
 * spied, enjoy, geology and more; ROUGE and BLEU in the paper run on NLTK stems.
 *
 * Quirks kept on purpose, because they are what NLTK 3.7/3.8 return:
 * - `stem()` lower-cases its input, but the irregular-form lookup tests the word as given,
 *   so "News" stems to "new" while "news" stays "news" (fixed upstream only in 2026, #3568);
 * - words of at most two characters are returned lower-cased without stemming.
 * Exact for text in the Basic Multilingual Plane; Python counts astral characters as one
 * character and JavaScript as two, which only matters for non-ASCII tokens.
 * Verified against NLTK on the word list in fixtures/porter-nltk.tsv (see porter-stemmer.test.ts).
 */

/** NLTK's irregular forms: word -> stem, bypassing the rules. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'],
  ['inning', 'inning'],
  ['outings', 'outing'],
  ['outing', 'outing'],
  ['cannings', 'canning'],
  ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'],
  ['exceed', 'exceed'],
  ['succeed', 'succeed'],
]);

type Condition = ((stem: string) => boolean) | null;
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

function isVowel(ch: string): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

/** NLTK `_is_consonant`: y is a consonant at the start or after a vowel. */
function isConsonant(word: string, i: number): boolean {
  const ch = word.charAt(i);
  if (isVowel(ch)) return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** NLTK `_measure`: the number of vowel-to-consonant transitions ("vc" in the c/v string). */
function measure(stem: string): number {
  let m = 0;
  let previousIsVowel = false;
  for (let i = 0; i < stem.length; i += 1) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousIsVowel) m += 1;
    previousIsVowel = !consonant;
  }
  return m;
}

function hasPositiveMeasure(stem: string): boolean {
  return measure(stem) > 0;
}

function measureGreaterThanOne(stem: string): boolean {
  return measure(stem) > 1;
}

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i += 1) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word.charAt(n - 1) === word.charAt(n - 2) && isConsonant(word, n - 1);
}

/** Condition *o, with NLTK's extension for two-letter stems (vowel + consonant). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (
    n >= 3 &&
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    !['w', 'x', 'y'].includes(word.charAt(n - 1))
  ) {
    return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

function replaceSuffix(word: string, suffix: string, replacement: string): string {
  return suffix === '' ? word + replacement : word.slice(0, word.length - suffix.length) + replacement;
}

/** NLTK `_apply_rule_list`: the first rule whose suffix matches decides, even if its condition fails. */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = replaceSuffix(word, suffix, '');
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return replaceSuffix(word, 'ies', 'ie');
  return applyRuleList(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) {
    return word.length === 4 ? replaceSuffix(word, 'ied', 'ie') : replaceSuffix(word, 'ied', 'i');
  }
  if (word.endsWith('eed')) {
    const stem = replaceSuffix(word, 'eed', '');
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  let intermediate: string | null = null;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = replaceSuffix(word, suffix, '');
      if (containsVowel(candidate)) {
        intermediate = candidate;
        break;
      }
    }
  }
  if (intermediate === null) return word;
  const last = intermediate.charAt(intermediate.length - 1);
  return applyRuleList(intermediate, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (stem) => measure(stem) === 1 && endsCvc(stem)],
  ]);
}

function step1c(word: string): string {
  return applyRuleList(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

const STEP2_RULES: readonly Rule[] = [
  ['ational', 'ate', hasPositiveMeasure],
  ['tional', 'tion', hasPositiveMeasure],
  ['enci', 'ence', hasPositiveMeasure],
  ['anci', 'ance', hasPositiveMeasure],
  ['izer', 'ize', hasPositiveMeasure],
  ['bli', 'ble', hasPositiveMeasure],
  ['alli', 'al', hasPositiveMeasure],
  ['entli', 'ent', hasPositiveMeasure],
  ['eli', 'e', hasPositiveMeasure],
  ['ousli', 'ous', hasPositiveMeasure],
  ['ization', 'ize', hasPositiveMeasure],
  ['ation', 'ate', hasPositiveMeasure],
  ['ator', 'ate', hasPositiveMeasure],
  ['alism', 'al', hasPositiveMeasure],
  ['iveness', 'ive', hasPositiveMeasure],
  ['fulness', 'ful', hasPositiveMeasure],
  ['ousness', 'ous', hasPositiveMeasure],
  ['aliti', 'al', hasPositiveMeasure],
  ['iviti', 'ive', hasPositiveMeasure],
  ['biliti', 'ble', hasPositiveMeasure],
  ['fulli', 'ful', hasPositiveMeasure],
];

function step2(word: string): string {
  // NLTK applies ALLI -> AL first and re-runs step 2 on the result.
  if (word.endsWith('alli') && hasPositiveMeasure(replaceSuffix(word, 'alli', ''))) {
    return step2(replaceSuffix(word, 'alli', 'al'));
  }
  // The 'l' of logi stays with the stem so that geo-, theo- work like archaeo-, philo-.
  const logiRule: Rule = ['logi', 'log', () => hasPositiveMeasure(word.slice(0, -3))];
  return applyRuleList(word, [...STEP2_RULES, logiRule]);
}

const STEP3_RULES: readonly Rule[] = [
  ['icate', 'ic', hasPositiveMeasure],
  ['ative', '', hasPositiveMeasure],
  ['alize', 'al', hasPositiveMeasure],
  ['iciti', 'ic', hasPositiveMeasure],
  ['ical', 'ic', hasPositiveMeasure],
  ['ful', '', hasPositiveMeasure],
  ['ness', '', hasPositiveMeasure],
];

const STEP4_RULES: readonly Rule[] = [
  ['al', '', measureGreaterThanOne],
  ['ance', '', measureGreaterThanOne],
  ['ence', '', measureGreaterThanOne],
  ['er', '', measureGreaterThanOne],
  ['ic', '', measureGreaterThanOne],
  ['able', '', measureGreaterThanOne],
  ['ible', '', measureGreaterThanOne],
  ['ant', '', measureGreaterThanOne],
  ['ement', '', measureGreaterThanOne],
  ['ment', '', measureGreaterThanOne],
  ['ent', '', measureGreaterThanOne],
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ['ou', '', measureGreaterThanOne],
  ['ism', '', measureGreaterThanOne],
  ['ate', '', measureGreaterThanOne],
  ['iti', '', measureGreaterThanOne],
  ['ous', '', measureGreaterThanOne],
  ['ive', '', measureGreaterThanOne],
  ['ize', '', measureGreaterThanOne],
];

/** Step 5a tries both E rules (m>1, then m=1 and not *o), so it cannot use applyRuleList. */
function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  if (m > 1) return stem;
  if (m === 1 && !endsCvc(stem)) return stem;
  return word;
}

function step5b(word: string): string {
  return applyRuleList(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

/** `PorterStemmer().stem(word)` of NLTK 3.7/3.8 (mode NLTK_EXTENSIONS, to_lowercase=True). */
export function stemPorterNltk(word: string): string {
  const lower = word.toLowerCase();
  // NLTK looks up the word as given but returns the entry of the lower-cased word.
  if (IRREGULAR_FORMS.has(word)) return IRREGULAR_FORMS.get(lower) ?? lower;
  if (word.length <= 2) return lower;
  let stem = step1a(lower);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = applyRuleList(stem, STEP3_RULES);
  stem = applyRuleList(stem, STEP4_RULES);
  stem = step5a(stem);
  return step5b(stem);
}

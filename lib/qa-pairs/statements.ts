/**
 * The Spanish study's statement pipeline (sec. 3.4): a question becomes its affirmative form
 * (punctuation deleted, the first matching rule, a leading article or `ser` + article dropped),
 * every statement is normalised (lower case, no punctuation, no articles or prepositions at either
 * end), and per question the answers that repeat another or are contained in another are dropped.
 */
import type { AffirmativeRule, QaRules } from './rules';

/** Lower-cased words with punctuation (Unicode P: `¿`, `?`, `,`, `-`, quotes...) turned into spaces. */
export function statementWords(text: string, language: string): string[] {
  return text
    .normalize('NFC')
    .toLocaleLowerCase(language)
    .replace(/\p{P}+/gu, ' ')
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}

function applyRule(rule: AffirmativeRule, words: readonly string[]): string[] | null {
  if (words.length < rule.parts.length) return null;
  const slots = new Map<string, string>();
  for (let i = 0; i < rule.parts.length; i++) {
    const part = rule.parts[i]!;
    const word = words[i]!;
    if ('word' in part) {
      if (part.word !== word) return null;
    } else slots.set(part.slot, word);
  }
  const head = rule.output.map((p) => ('word' in p ? p.word : slots.get(p.slot)!));
  return [...head, ...words.slice(rule.parts.length)];
}

/** Articles and prepositions off both ends; never the last word. */
function trimParticles(words: string[], rules: QaRules): string[] {
  let start = 0;
  let end = words.length;
  while (end - start > 1 && rules.trimWords.has(words[start]!)) start++;
  while (end - start > 1 && rules.trimWords.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

export interface AffirmativeForm {
  text: string;
  /** the rule that applied (as written in the rules file), or null */
  rule: string | null;
}

/** The question's affirmative form, normalised; `text` is empty when no word is left. */
export function affirmativeForm(question: string, rules: QaRules): AffirmativeForm {
  let words = statementWords(question, rules.language);
  let applied: string | null = null;
  for (const rule of rules.rules) {
    const result = applyRule(rule, words);
    if (result) {
      words = result;
      applied = rule.text;
      break;
    }
  }
  if (words.length > 1 && rules.leadingArticles.has(words[0]!)) words = words.slice(1);
  else if (words.length > 2 && rules.serForms.has(words[0]!) && rules.leadingArticles.has(words[1]!)) words = words.slice(2);
  return { text: trimParticles(words, rules).join(' '), rule: applied };
}

/** An answer normalised (steps 1-2 of sec. 3.4); empty when it holds no word. */
export function normaliseStatement(text: string, rules: QaRules): string {
  return trimParticles(statementWords(text, rules.language), rules).join(' ');
}

export interface Reduced<T> {
  kept: T[];
  duplicates: number;
  contained: number;
}

/**
 * Step 3: answers equal to an earlier one are merged into it (`merge` keeps their runs), then
 * answers whose words appear, in order and as whole words, inside another answer go: the shorter
 * one goes. Whole words, so `rusia` is not taken as contained in `prusia`.
 */
export function reduceAnswers<T extends { text: string }>(answers: readonly T[], merge: (into: T, from: T) => void): Reduced<T> {
  const unique = new Map<string, T>();
  for (const answer of answers) {
    const seen = unique.get(answer.text);
    if (seen) merge(seen, answer);
    else unique.set(answer.text, answer);
  }
  const distinct = [...unique.values()];
  const padded = distinct.map((a) => ` ${a.text} `);
  const kept = distinct.filter((a, i) => !padded.some((other, j) => j !== i && other.includes(padded[i]!)));
  return { kept, duplicates: answers.length - distinct.length, contained: distinct.length - kept.length };
}

/**
 * Affirmative-form rules of the qa-assessed import, one data file per language (rules/<code>.json),
 * so rules can be added without code (docs/import-formats.md#qa-assessed). A rule's `match` is the
 * question's first words: literal words, and `{name}` placeholders that stand for exactly one word;
 * the matched words are replaced by `output` (placeholders filled in) and the rest of the question
 * follows unchanged. The first rule that matches applies; a question no rule matches stays as it is.
 */
import es from './rules/es.json';

export interface AffirmativeRuleSpec {
  match: string;
  output: string;
}

export interface QaRulesFile {
  language: string;
  source?: string;
  rules: AffirmativeRuleSpec[];
  /** dropped once at the start of the affirmative form: an article, or a form of `ser` + an article */
  dropLeading: { articles: string[]; serForms: string[] };
  /** normalisation: removed at the start and the end of every statement (question and answers) */
  trim: { articles: string[]; prepositions: string[] };
}

type Part = { word: string } | { slot: string };

export interface AffirmativeRule {
  /** the rule as written in the file, for messages */
  text: string;
  parts: Part[];
  output: Part[];
}

export interface QaRules {
  language: string;
  rules: AffirmativeRule[];
  leadingArticles: ReadonlySet<string>;
  serForms: ReadonlySet<string>;
  /** articles and prepositions trimmed from both ends of a statement */
  trimWords: ReadonlySet<string>;
}

const FILES: Readonly<Record<string, QaRulesFile>> = { es };

/** Languages that have an affirmative-form rules file. */
export const QA_RULE_LANGUAGES: readonly string[] = Object.keys(FILES);

function parseParts(text: string, where: string): Part[] {
  return text
    .split(/\s+/u)
    .filter((w) => w.length > 0)
    .map((w) => {
      const slot = /^\{(\w+)\}$/u.exec(w);
      if (slot) return { slot: slot[1]! };
      if (/[{}]/u.test(w)) throw new Error(`${where}: "${w}" is neither a word nor a {placeholder}`);
      return { word: w.toLocaleLowerCase() };
    });
}

/** Checks a rules file and prepares it; throws on a rule that cannot work (a typo in the data file). */
export function compileQaRules(file: QaRulesFile): QaRules {
  const rules = file.rules.map((spec, i) => {
    const where = `rule ${i + 1} ("${spec.match}")`;
    const parts = parseParts(spec.match, where);
    const output = parseParts(spec.output, where);
    if (parts.length === 0) throw new Error(`${where}: match is empty`);
    const slots = new Set(parts.flatMap((p) => ('slot' in p ? [p.slot] : [])));
    for (const p of output)
      if ('slot' in p && !slots.has(p.slot)) throw new Error(`${where}: output uses {${p.slot}}, which match does not define`);
    return { text: `${spec.match} → ${spec.output || '(delete)'}`, parts, output };
  });
  const lower = (words: string[]) => new Set(words.map((w) => w.toLocaleLowerCase()));
  return {
    language: file.language,
    rules,
    leadingArticles: lower(file.dropLeading.articles),
    serForms: lower(file.dropLeading.serForms),
    trimWords: lower([...file.trim.articles, ...file.trim.prepositions]),
  };
}

/** The rules of a language; null when there is no rules file for it. */
export function qaRulesFor(language: string): QaRules | null {
  const file = FILES[language];
  return file ? compileQaRules(file) : null;
}

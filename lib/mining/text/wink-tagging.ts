/**
 * wink-pos-tagger 2.2's `tagRawTokens`, giving the same tags in about half the time (the miner's
 * tagging was half of its map CPU). It runs wink's own steps on wink's own data:
 * 1. each token's category (number, punctuation, word; wink's two patterns), its normal form
 *    (lower case, NFD, no combining marks; wink-helpers `string.normalize`) and its unigram tags
 *    (wink's `unigram-tagger.js` over wink-lexicon): a function of the token's text alone, so it
 *    is remembered per distinct token (bounded);
 * 2. wink's four context-rule sets, in wink's order and with wink's first-match semantics
 *    (`rules-engine.js`). Three changes that cannot change a result: a token with one possible tag
 *    is passed over (a rule may only set a tag the token can take, and it already has it); a rule
 *    whose new tag the token cannot take is skipped before its tests are run (wink tests it last;
 *    the tests only read); a test against `^word$` compares strings instead of running the
 *    regular expression;
 * 3. the tag changes wink makes while lemmatising (a decade like `1990s` is CD; a capitalised
 *    adjective or noun is NNP unless its normal form is one of wink's contraction exceptions). The
 *    lemmas themselves are not computed: the miner never reads them.
 * `wink-tagging.slow.test.ts` checks every tag against wink itself on every caption of the shared dumps.
 */
import lexicon from 'wink-lexicon/src/lexicon.js';
import unigramPOSTagger from 'wink-pos-tagger/src/unigram-tagger.js';
import posRulesGE0 from 'wink-pos-tagger/src/rules/pos-rules-ge0.js';
import posRulesLE0 from 'wink-pos-tagger/src/rules/pos-rules-le0.js';
import valueRulesGE0 from 'wink-pos-tagger/src/rules/value-rules-ge0.js';
import valueRulesLE0 from 'wink-pos-tagger/src/rules/value-rules-le0.js';

type WinkRuleSet = typeof valueRulesLE0;
type Property = 'normal' | 'pos' | 'value';

interface Token {
  value: string;
  normal: string;
  pos: string;
}

interface Test {
  property: Property;
  from: number;
  to: number;
  /** the one string the pattern matches, when it is `^word$` */
  literal: string | null;
  pattern: RegExp;
}

interface Rule {
  tests: Test[];
  willBe: string;
  thenPosAt: number;
}

// wink-pos-tagger.js, tagRawTokens
const NUMBER = /^\d+\/\d+|\d(?:[\.\,\-\/]?\d)*(?:\.\d+)?$/;
const PUNCTUATION = /^[\’\'\‘\’\`\“\”\"\[\]\(\)\{\}\…\,\.\!\;\?\-\:]+$/;
// wink-helpers, string.normalize
const DIACRITICAL = /[\u0300-\u036f]/g;
// wink-pos-tagger.js, lemmatize: `year` and `lemmaExceptions`
const DECADES = new Set([
  '1990s',
  '1980s',
  '1970s',
  '1960s',
  '1950s',
  '1940s',
  '1930s',
  '1910s',
  'mid-1990s',
  'mid-1980s',
  'mid-1970s',
  'mid-1960s',
  'mid-1950s',
  'mid-1940s',
  'mid-1930s',
  'mid-1920s',
  'mid-1910s',
]);
const LEMMA_EXCEPTIONS = new Set(['ai', 'ca', 'sha', "'ll", 'wo', "'ve", "'m", "'re", "n't", "'d"]);
const LITERAL = /^\^([^\\^$.|?*+()[\]{}]*)\$$/;

function compileRuleSet(set: WinkRuleSet): Map<string, Rule[]> {
  const compiled = new Map<string, Rule[]>();
  for (const [pos, rules] of Object.entries(set)) {
    compiled.set(
      pos,
      rules.map((rule) => ({
        willBe: rule.willBe,
        thenPosAt: rule.thenPosAt,
        tests: rule.rules.map((test) => {
          const [from, to] = test.op === 0 ? [test.operand.delta, test.operand.delta] : test.operand.range;
          const literal = test.matches.flags === '' ? (LITERAL.exec(test.matches.source)?.[1] ?? null) : null;
          if (test.matches.global || test.matches.sticky)
            throw new Error(`wink rule /${test.matches.source}/ keeps state between tests`);
          return { property: test.operand.property, from, to, literal, pattern: test.matches };
        }),
      })),
    );
  }
  return compiled;
}

const RULE_SETS = [valueRulesLE0, posRulesLE0, valueRulesGE0, posRulesGE0].map(compileRuleSet);

function passes(tokens: readonly Token[], at: number, test: Test): boolean {
  for (let i = test.from; i <= test.to; i++) {
    const token = tokens[at + i];
    if (token === undefined) continue;
    const value = token[test.property];
    if (test.literal !== null ? value === test.literal : test.pattern.test(value)) return true;
  }
  return false;
}

function applyRules(tokens: Token[], poses: readonly (readonly string[])[], rulesByPos: Map<string, Rule[]>): void {
  for (let i = 0; i < tokens.length; i++) {
    // A token's tag is always one of its possible tags; with only one there is nothing to change.
    if (poses[i]!.length < 2) continue;
    const rules = rulesByPos.get(tokens[i]!.pos);
    if (rules === undefined) continue;
    for (const rule of rules) {
      if (!poses[i]!.includes(rule.willBe)) continue;
      let all = true;
      for (const test of rule.tests) {
        if (!passes(tokens, i, test)) {
          all = false;
          break;
        }
      }
      if (all) {
        tokens[rule.thenPosAt + i]!.pos = rule.willBe;
        break;
      }
    }
  }
}

interface Unigram {
  normal: string;
  pos: string;
  poses: readonly string[];
}

const MAX_REMEMBERED = 200_000;

/** A tagging function with its own memory of the tokens it has seen. */
export function createWinkTagging(): (tokens: readonly string[]) => string[] {
  const seen = new Map<string, Unigram>();
  const unigram = (value: string): Unigram => {
    let known = seen.get(value);
    if (known === undefined) {
      const tag = NUMBER.test(value) ? 'number' : PUNCTUATION.test(value) ? 'punctuation' : 'word';
      const token = { value, tag, normal: value.toLowerCase().normalize('NFD').replace(DIACRITICAL, ''), pos: '' };
      const poses = unigramPOSTagger(token, lexicon);
      known = { normal: token.normal, pos: token.pos, poses };
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(value, known);
    }
    return known;
  };
  return (raw) => {
    const tokens = new Array<Token>(raw.length);
    const poses = new Array<readonly string[]>(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const value = raw[i]!;
      const known = unigram(value);
      tokens[i] = { value, normal: known.normal, pos: known.pos };
      poses[i] = known.poses;
    }
    for (const rules of RULE_SETS) applyRules(tokens, poses, rules);
    return tokens.map((token) => {
      const pos = DECADES.has(token.normal) ? 'CD' : token.pos;
      if (LEMMA_EXCEPTIONS.has(token.normal) || (pos[0] !== 'J' && pos[0] !== 'N')) return pos;
      const first = token.value[0]!;
      return first >= 'A' && first <= 'Z' ? 'NNP' : pos;
    });
  };
}

// Types for wink-pos-tagger 2.x (the package ships none): only the calls the miner makes.
declare module 'wink-pos-tagger' {
  interface TaggedToken {
    value: string;
    tag: 'word' | 'number' | 'punctuation';
    normal: string;
    pos: string;
    lemma?: string;
  }
  interface Tagger {
    tagRawTokens(tokens: string[]): TaggedToken[];
  }
  function posTagger(): Tagger;
  export = posTagger;
}

declare module 'wink-lexicon/src/lexicon.js' {
  const lexicon: Record<string, string[]>;
  export default lexicon;
}

declare module 'wink-pos-tagger/src/unigram-tagger.js' {
  /** Sets `token.pos` to the word's most likely tag and returns every tag the word may take. */
  function unigramPOSTagger(
    token: { value: string; tag: string; normal: string; pos?: string },
    lexicon: Record<string, string[]>,
  ): string[];
  export = unigramPOSTagger;
}

declare module 'wink-pos-tagger/src/rules/*.js' {
  type RuleTest =
    | { op: 0; operand: { property: 'normal' | 'pos' | 'value'; delta: number }; matches: RegExp }
    | { op: 1; operand: { property: 'normal' | 'pos' | 'value'; range: [number, number] }; matches: RegExp };
  const rules: Record<string, { rules: RuleTest[]; thenPosAt: number; willBe: string }[]>;
  export = rules;
}

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

/** Types for the `snowball-stemmers` package (CommonJS, no bundled types): the Snowball stemmers as JavaScript. */
declare module 'snowball-stemmers' {
  interface SnowballStemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(algorithm: string): SnowballStemmer; algorithms(): string[] };
  export default snowball;
}

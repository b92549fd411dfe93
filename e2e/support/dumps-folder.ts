/**
 * The dumps folder of the end-to-end web server (its default, PARALENS_HOME/dumps, where the demo
 * seed also puts its excerpt): a copy of one small shared dump excerpt (../shared/datasets/wikitext;
 * a link would point out of the folder and is not offered) and a text file that is no dump. Made
 * once by playwright.config.ts, like PARALENS_HOME.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** wp2txt's 2014 test data: 2.9 MB of bz2, 6 silver pairs (images shared by articles of the A… slice). */
export const E2E_DUMP_EXCERPT = fileURLToPath(
  new URL('../../../shared/datasets/wikitext/wp2txt/2014-11_ad8949a/testdata_en.bz2', import.meta.url),
);
export const E2E_DUMP_NAME = 'enwiki-wp2txt-2014-testdata.xml.bz2';
export const E2E_NOT_A_DUMP = 'notes.txt';

export function prepareDumpsFolder(dir: string): string {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (existsSync(E2E_DUMP_EXCERPT)) copyFileSync(E2E_DUMP_EXCERPT, path.join(dir, E2E_DUMP_NAME));
  writeFileSync(path.join(dir, E2E_NOT_A_DUMP), 'Which dumps to mine next.\n');
  return dir;
}

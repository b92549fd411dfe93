/**
 * Twitter URL Corpus (Lan, Qiu, He & Xu, EMNLP 2017): TSV, no header: sentence1, sentence2,
 * `(n,6)` = n of 6 workers judged the pair a paraphrase, and the URL that links the tweets.
 * Authors' convention: n >= 4 paraphrase, n <= 2 not, n = 3 discarded (here: isParaphrase null).
 * The released test file is messy and every quirk is kept so the 10,120 records of the published
 * count come out: blank lines (which follow records whose 4th field holds text instead of a URL)
 * are skipped; a double tab before the URL (10 records) is an empty field, not a record of its own;
 * a last field that is not a URL (270 records) is kept as text. Quoting off (1,816 unbalanced `"`).
 */
import { createHeaderlessTsvParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';
import type { JsonObject } from '../types';

const VOTES = /^\((\d+),\s?(\d+)\)$/;
const WORKERS = 6;

export const twitterUrlFormat: FormatDefinition = {
  name: 'twitter-url',
  label: 'Twitter URL',
  title: 'Twitter URL Corpus (sentence1, sentence2, (n,6), url)',
  sniff(sample) {
    const share = shareOf(sampleRecords(sample), (l) => {
      const f = l.split('\t');
      return (f.length === 4 || f.length === 5) && VOTES.test(f[2] ?? '');
    });
    return share >= 0.9 ? 1 : 0;
  },
  createParser() {
    return createHeaderlessTsvParser((row, out) => {
      const f = row.fields;
      const doubleTab = f.length === 5 && f[3] === '';
      if (f.length !== 4 && !doubleTab) {
        return pushError(out, row.lineNumber, fieldCountMessage('4', f.length, '\t'), row.raw);
      }
      const [s1, s2, votesText = ''] = f;
      const last = (doubleTab ? f[4] : f[3]) ?? '';
      const votes = VOTES.exec(votesText);
      const n = Number(votes?.[1]);
      if (!votes || Number(votes[2]) !== WORKERS || n > WORKERS) {
        return pushError(
          out,
          row.lineNumber,
          `votes must look like "(n,6)" with n from 0 to 6, found ${quoteForMessage(votesText)}`,
          row.raw,
        );
      }
      const isLink = /^https?:\/\//.test(last.trim());
      const metadata: JsonObject = { votesParaphrase: n, votesTotal: WORKERS };
      if (isLink) metadata.url = last.trim();
      else metadata.urlFieldText = last;
      const clusterId = last.trim();
      const result = buildSentencePair(row.lineNumber, s1, s2, ['sentence1', 'sentence2'], {
        clusterId: clusterId || undefined,
        referenceLabel: votesText,
        referenceScore: n / WORKERS,
        isParaphrase: n >= 4 ? true : n <= 2 ? false : null,
        metadata,
      });
      pushResult(out, result, row.lineNumber, row.raw);
    });
  },
};

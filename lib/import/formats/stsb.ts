/**
 * STS Benchmark (Cer et al., SemEval 2017), `sts-{train,dev,test}.csv`: despite the extension,
 * tab-separated, no header: genre, filename, year, id, score, sentence1, sentence2, and on some rows
 * (197 train, 22 dev, 284 test) two licence/source attribution fields, one per sentence
 * (stsb/readme.txt: "optionally there might be some license-related fields after sentence2").
 * The score is the crowd mean similarity, 0 (unrelated) to 5 (equivalent). Unbalanced `"` in the
 * text: quoting must be off. Trailing spaces inside sentences are kept. Ids repeat across source
 * files, so genre, filename and year go to metadata next to the id.
 */
import { createHeaderlessTsvParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';
import { parseDecimal } from '../json-values';
import type { JsonObject } from '../types';

function looksLikeStsRow(line: string): boolean {
  const f = line.split('\t');
  return f.length >= 7 && f.length <= 9 && /^\d{4}/.test(f[2] ?? '') && parseDecimal(f[4] ?? '') !== null;
}

export const stsbFormat: FormatDefinition = {
  name: 'stsb',
  label: 'STS-B',
  title: 'STS Benchmark (sts-train/dev/test.csv, tab-separated)',
  sniff(sample) {
    const share = shareOf(sampleRecords(sample), looksLikeStsRow);
    if (share < 0.9) return 0;
    return /^sts-.*\.csv$/i.test(sample.fileName) ? 1 : 0.8;
  },
  createParser() {
    return createHeaderlessTsvParser((row, out) => {
      const f = row.fields;
      if (f.length < 7 || f.length > 9) {
        return pushError(out, row.lineNumber, fieldCountMessage('7 (or 9 with source columns)', f.length, '\t'), row.raw);
      }
      const [genre = '', filename = '', year = '', id = '', scoreText = '', s1, s2, source1, source2] = f;
      const score = parseDecimal(scoreText);
      if (score === null) return pushError(out, row.lineNumber, `score is not a number: ${quoteForMessage(scoreText)}`, row.raw);
      if (score < 0 || score > 5) return pushError(out, row.lineNumber, `score ${score} is outside 0..5`, row.raw);
      const metadata: JsonObject = { genre, filename, year };
      if (source1 !== undefined) metadata.sourceA = source1;
      if (source2 !== undefined) metadata.sourceB = source2;
      const result = buildSentencePair(row.lineNumber, s1, s2, ['sentence1', 'sentence2'], {
        originalId: id,
        referenceScore: score,
        metadata,
      });
      pushResult(out, result, row.lineNumber, row.raw);
    });
  },
};

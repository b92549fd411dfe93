/**
 * MultiPIT (Dou, Jiang & Xu, EMNLP 2022), the CSV splits: Expert `{train,val,test}.csv` with the
 * header `sentence1,sentence2,label` (1 = paraphrase under the strict expert definition) and the
 * automatically identified `auto/*.csv` with `sentence1,sentence2` and no label. Properly quoted
 * RFC 4180 CSV (1,301 train rows have quoted commas or `""`), so quoting is on. The multi-reference
 * NMR JSON is a separate format (multipit-nmr.ts).
 */
import { createDelimitedParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';

const HEADER = /^sentence1,sentence2(,label)?$/;

export const multipitFormat: FormatDefinition = {
  name: 'multipit',
  label: 'MultiPIT',
  title: 'MultiPIT CSV (sentence1,sentence2[,label])',
  sniff(sample) {
    return HEADER.test(sampleRecords(sample, 1)[0] ?? '') ? 0.95 : 0;
  },
  createParser() {
    let hasLabel = false;
    return createDelimitedParser({
      delimiter: ',',
      quoting: true,
      header: 'required',
      expectedHeader: 'sentence1,sentence2[,label]',
      isHeader: (fields) => fields[0] === 'sentence1',
      onHeader(fields) {
        if (!HEADER.test(fields.join(',')))
          return `header must be sentence1,sentence2 or sentence1,sentence2,label, found ${quoteForMessage(fields.join(','))}`;
        hasLabel = fields.length === 3;
        return null;
      },
      onRow(row, out) {
        const f = row.fields;
        const expected = hasLabel ? 3 : 2;
        if (f.length !== expected)
          return pushError(out, row.lineNumber, fieldCountMessage(String(expected), f.length, ','), row.raw);
        const [s1, s2, label] = f;
        if (hasLabel && label !== '0' && label !== '1') {
          return pushError(out, row.lineNumber, `label must be 0 or 1, found ${quoteForMessage(label ?? '')}`, row.raw);
        }
        const result = buildSentencePair(row.lineNumber, s1, s2, ['sentence1', 'sentence2'], {
          referenceLabel: label,
          isParaphrase: label === undefined ? undefined : label === '1',
        });
        pushResult(out, result, row.lineNumber, row.raw);
      },
    });
  },
};

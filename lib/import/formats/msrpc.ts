/**
 * MSR Paraphrase Corpus (Dolan & Brockett 2005), `msr_paraphrase_{train,test}.txt`: TSV with the
 * header `Quality, #1 ID, #2 ID, #1 String, #2 String`, UTF-8 with BOM, CRLF, bare `"` in the text
 * (read with quoting off). `Quality` 1 = judged semantically equivalent. The pair id is
 * `ID1-ID2`, as in the EACL 2023 evaluation code's msrpc_parser.py (docs/sources.md#evaluation-parsers).
 */
import { createDelimitedParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';

const HEADER_START = 'Quality\t#1 ID\t#2 ID';

export const msrpcFormat: FormatDefinition = {
  name: 'msrpc',
  label: 'MSRPC',
  title: 'MSR Paraphrase Corpus (msr_paraphrase_train/test.txt)',
  sniff(sample) {
    const records = sampleRecords(sample);
    if (records[0]?.startsWith(HEADER_START)) return 1;
    const rowLike = shareOf(records, (l) => /^[01]\t\d+\t\d+\t[^\t]+\t[^\t]+$/.test(l));
    return rowLike === 1 ? (/msr/i.test(sample.fileName) ? 0.9 : 0.6) : 0;
  },
  createParser() {
    return createDelimitedParser({
      delimiter: '\t',
      quoting: false,
      header: 'optional',
      isHeader: (fields) => fields[0] === 'Quality',
      onRow(row, out) {
        const f = row.fields;
        if (f.length !== 5) return pushError(out, row.lineNumber, fieldCountMessage('5', f.length, '\t'), row.raw);
        const [quality = '', id1 = '', id2 = '', s1, s2] = f;
        if (quality !== '0' && quality !== '1') {
          return pushError(out, row.lineNumber, `Quality must be 0 or 1, found ${quoteForMessage(quality)}`, row.raw);
        }
        const result = buildSentencePair(row.lineNumber, s1, s2, ['#1 String', '#2 String'], {
          originalId: `${id1}-${id2}`,
          referenceLabel: quality,
          isParaphrase: quality === '1',
          metadata: { sentenceIdA: id1, sentenceIdB: id2 },
        });
        pushResult(out, result, row.lineNumber, row.raw);
      },
    });
  },
};

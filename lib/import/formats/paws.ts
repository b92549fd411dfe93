/**
 * PAWS-Wiki Labeled (Zhang, Baldridge & He, NAACL 2019), `{train,dev,test}.tsv`: id, sentence1,
 * sentence2, label (1 = paraphrase, 0 = different meaning); the header row is optional because
 * some copies dropped it. Text is PTB-tokenised with `` and '' quotes; quoting off. The same
 * layout serves the noisy `noisy_label` swap/back-translation files.
 */
import { createDelimitedParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';

export const pawsFormat: FormatDefinition = {
  name: 'paws',
  label: 'PAWS',
  title: 'PAWS (id, sentence1, sentence2, label)',
  sniff(sample) {
    const records = sampleRecords(sample);
    if (/^id\tsentence1\tsentence2\t(noisy_)?label$/.test(records[0] ?? '')) return 1;
    const share = shareOf(records, (l) => /^\d+\t[^\t]+\t[^\t]+\t[01]$/.test(l));
    return share === 1 ? (/paws/i.test(sample.fileName) ? 0.9 : 0.5) : 0;
  },
  createParser() {
    return createDelimitedParser({
      delimiter: '\t',
      quoting: false,
      header: 'optional',
      isHeader: (fields) => fields[0] === 'id' && fields[1] === 'sentence1',
      onRow(row, out) {
        const f = row.fields;
        if (f.length !== 4) return pushError(out, row.lineNumber, fieldCountMessage('4', f.length, '\t'), row.raw);
        const [id = '', s1, s2, label = ''] = f;
        if (label !== '0' && label !== '1') {
          return pushError(out, row.lineNumber, `label must be 0 or 1, found ${quoteForMessage(label)}`, row.raw);
        }
        const result = buildSentencePair(row.lineNumber, s1, s2, ['sentence1', 'sentence2'], {
          originalId: id || undefined,
          referenceLabel: label,
          isParaphrase: label === '1',
        });
        pushResult(out, result, row.lineNumber, row.raw);
      },
    });
  },
};

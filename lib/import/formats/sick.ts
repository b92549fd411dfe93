/**
 * SICK (Marelli et al., LREC 2014): the full `SICK.txt` (12 columns: pair_ID, sentence_A,
 * sentence_B, entailment_label, relatedness_score, entailment_AB, entailment_BA, the two original
 * captions, the two source datasets, SemEval_set) and the SemEval-2014 Task 1 files (5 columns:
 * pair_ID, sentence_A, sentence_B, relatedness_score, entailment_judgment). Columns are found by
 * header name, so both layouts (and the unannotated 3-column test file) share one reader.
 * Relatedness is the raters' mean on 1-5; the 3-way NLI label is kept as the reference label;
 * every other column goes to metadata. Quoting is off (26 lines of SICK.txt hold `"`).
 */
import { createDelimitedParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';
import { parseDecimal, setJsonEntry } from '../json-values';
import type { JsonObject } from '../types';

const LABELS = new Set(['NEUTRAL', 'ENTAILMENT', 'CONTRADICTION']);
const CORE = new Set(['pair_ID', 'sentence_A', 'sentence_B', 'relatedness_score', 'entailment_label', 'entailment_judgment']);

export const sickFormat: FormatDefinition = {
  name: 'sick',
  label: 'SICK',
  title: 'SICK (SICK.txt, 12 columns, or SemEval-2014 Task 1 files, 5 columns)',
  sniff(sample) {
    const first = sampleRecords(sample, 1)[0] ?? '';
    return first.startsWith('pair_ID\tsentence_A\tsentence_B') ? 1 : 0;
  },
  createParser() {
    let columns: string[] = [];
    let idx = { id: -1, a: -1, b: -1, score: -1, label: -1 };
    return createDelimitedParser({
      delimiter: '\t',
      quoting: false,
      header: 'required',
      expectedHeader: 'pair_ID, sentence_A, sentence_B, ...',
      isHeader: (fields) => fields[0] === 'pair_ID',
      onHeader(fields) {
        columns = fields.map((f) => f.trim());
        const find = (name: string): number => columns.indexOf(name);
        idx = {
          id: find('pair_ID'),
          a: find('sentence_A'),
          b: find('sentence_B'),
          score: find('relatedness_score'),
          label: find('entailment_label') !== -1 ? find('entailment_label') : find('entailment_judgment'),
        };
        if (idx.a === -1 || idx.b === -1) return 'header has no sentence_A / sentence_B column';
        return null;
      },
      onRow(row, out) {
        const f = row.fields;
        if (f.length !== columns.length) {
          return pushError(out, row.lineNumber, fieldCountMessage(String(columns.length), f.length, '\t'), row.raw);
        }
        let referenceScore: number | undefined;
        if (idx.score !== -1) {
          const raw = f[idx.score] ?? '';
          const score = parseDecimal(raw);
          if (score === null)
            return pushError(out, row.lineNumber, `relatedness_score is not a number: ${quoteForMessage(raw)}`, row.raw);
          if (score < 1 || score > 5)
            return pushError(out, row.lineNumber, `relatedness_score ${score} is outside 1..5`, row.raw);
          referenceScore = score;
        }
        let referenceLabel: string | undefined;
        if (idx.label !== -1) {
          referenceLabel = f[idx.label] ?? '';
          if (!LABELS.has(referenceLabel)) {
            const allowed = 'NEUTRAL, ENTAILMENT or CONTRADICTION';
            return pushError(
              out,
              row.lineNumber,
              `${columns[idx.label]} must be ${allowed}, found ${quoteForMessage(referenceLabel)}`,
              row.raw,
            );
          }
        }
        const metadata: JsonObject = {};
        columns.forEach((name, i) => {
          if (!CORE.has(name)) setJsonEntry(metadata, name, f[i] ?? '');
        });
        const id = idx.id !== -1 ? f[idx.id] : undefined;
        const result = buildSentencePair(row.lineNumber, f[idx.a], f[idx.b], ['sentence_A', 'sentence_B'], {
          originalId: id || undefined,
          referenceLabel,
          referenceScore,
          metadata,
        });
        pushResult(out, result, row.lineNumber, row.raw);
      },
    });
  },
};

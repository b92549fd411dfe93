/**
 * MultiPIT-NMR (Dou, Jiang & Xu, EMNLP 2022, §2.5): the multi-reference test set, one JSON object
 * `{source sentence: [reference paraphrases]}` (200 sources x 8 expert-verified references).
 * Each member becomes one pair per reference, source as `a`, reference as `b` (many-to-one
 * candidate pairs; all references are paraphrases of their source, so isParaphrase is true).
 * The document is read member by member (json-document.ts), never as a whole.
 */
import { sampleRecords, type FormatDefinition } from '../format-definition';
import { checkPairText, makeText, pushError, pushRecord } from '../format-parser';
import { JsonMemberScanner, type JsonMemberResult } from '../json-document';
import { parseJsonText } from '../json-values';
import type { JsonValue } from '../types';
import type { ParserOutput } from '../format-parser';

const NMR_START = /^\s*\{\s*"(?:[^"\\]|\\.)*"\s*:\s*\[\s*"/;

/** The reference list of one source; a message when it is not a non-empty list of sentences. */
function readReferences(value: JsonValue): string[] | string {
  if (!Array.isArray(value) || value.length === 0) return 'value must be a non-empty list of reference sentences';
  const refs: string[] = [];
  for (const [i, ref] of value.entries()) {
    if (typeof ref !== 'string') return `reference ${i + 1} is not a string`;
    const problem = checkPairText(ref, `reference ${i + 1}`);
    if (problem !== null) return problem;
    refs.push(ref);
  }
  return refs;
}

export const multipitNmrFormat: FormatDefinition = {
  name: 'multipit-nmr',
  label: 'MultiPIT-NMR',
  title: 'MultiPIT-NMR JSON ({source: [references]})',
  sniff(sample) {
    if (!NMR_START.test(sample.text)) return 0;
    // A JSON Lines file of objects whose first value is a string list matches too: a first line
    // that is a complete JSON value on its own, followed by more lines, means JSON Lines.
    const records = sampleRecords(sample, 2);
    const firstIsWhole = records.length >= 2 && parseJsonText(records[0] ?? '').ok;
    return firstIsWhole ? 0.3 : 0.95;
  },
  createParser() {
    const scanner = new JsonMemberScanner();
    const results: JsonMemberResult[] = [];
    let sourceIndex = 0;
    let lastLine = 0;

    const drain = (out: ParserOutput[]): void => {
      for (const r of results) {
        if (!r.ok) {
          out.push({ ok: false, error: r.error });
          continue;
        }
        const { lineNumber, keyText = '', valueText, raw } = r.member;
        sourceIndex++;
        const key = parseJsonText(keyText);
        const value = parseJsonText(valueText);
        if (!value.ok) {
          pushError(out, lineNumber, `invalid JSON: ${value.message}`, raw);
          continue;
        }
        const source = key.ok && typeof key.value === 'string' ? key.value : undefined;
        const sourceProblem = checkPairText(source, 'source sentence');
        const refs = readReferences(value.value);
        if (sourceProblem !== null || source === undefined || typeof refs === 'string') {
          pushError(out, lineNumber, sourceProblem ?? (typeof refs === 'string' ? refs : 'invalid member'), raw);
          continue;
        }
        refs.forEach((ref, i) => {
          pushRecord(out, {
            lineNumber,
            a: makeText(source),
            b: makeText(ref),
            originalId: `${sourceIndex}-${i + 1}`,
            clusterId: String(sourceIndex),
            isParaphrase: true,
            metadata: { sourceIndex, referenceIndex: i + 1 },
            similarities: {},
          });
        });
      }
      results.length = 0;
    };

    return {
      pushLine(line, out) {
        lastLine = line.lineNumber;
        scanner.push(line, results);
        drain(out);
      },
      finish(out) {
        scanner.finish(results, lastLine);
        drain(out);
      },
    };
  },
};

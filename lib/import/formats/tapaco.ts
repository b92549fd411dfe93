/**
 * TaPaCo (Scherrer, LREC 2020), `tapaco_v1.0/<lang>.txt`: TSV without header, one sentence per
 * line: paraphrase_set_id, sentence_id, paraphrase, lists, tags (lists and tags `;`-separated, may
 * be missing); exports such as the Hugging Face `tapaco` dataset add a sixth `language` column and
 * a header, both accepted. Lines of one set are contiguous; all i<j pairs inside a set are
 * paraphrases, id "sid1-sid2" (EACL 2023 evaluation code, tapaco_parser.py;
 * docs/sources.md#evaluation-parsers).
 * Quoting is off (Tatoeba sentences start with `"` freely; the HF loader's quoting would eat them).
 * Only the open set is held in memory (at most the per-set limit of lib/import/limits.ts), and its
 * pairs are generated lazily; numeric set ids must not go down, which catches a set
 * split in two without remembering every id.
 */
import { createDelimitedParser, fieldCountMessage, type DelimitedRow } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { checkPairText, expandSet, makeText, pushError, type ParserOutput } from '../format-parser';
import { DEFAULT_IMPORT_LIMITS, setTooLargeMessage } from '../limits';
import type { JsonObject } from '../types';

interface Member {
  lineNumber: number;
  sentenceId: string;
  text: string;
  lists: string[];
  tags: string[];
  language?: string;
}

function splitList(text: string | undefined): string[] {
  return text ? text.split(';').filter((s) => s.length > 0) : [];
}

export const tapacoFormat: FormatDefinition = {
  name: 'tapaco',
  label: 'TaPaCo',
  title: 'TaPaCo (set id, sentence id, sentence, lists, tags[, language])',
  sniff(sample) {
    const records = sampleRecords(sample);
    if ((records[0] ?? '').startsWith('paraphrase_set_id\tsentence_id\tparaphrase')) return 1;
    const share = shareOf(records, (l) => {
      const f = l.split('\t');
      return f.length >= 3 && f.length <= 6 && /^\d+$/.test(f[0] ?? '') && /^\d+$/.test(f[1] ?? '');
    });
    if (share < 1) return 0;
    return /tapaco|^[a-z]{2,4}\.txt$/i.test(sample.fileName) ? 0.9 : 0.4;
  },
  createParser(context) {
    const limits = context.limits ?? DEFAULT_IMPORT_LIMITS;
    let setId: string | null = null;
    let members: Member[] = [];

    const closeSet = (out: ParserOutput[]): void => {
      if (setId === null) return;
      if (members.length === 1 && members[0]) {
        const only = members[0];
        pushError(out, only.lineNumber, `paraphrase set ${setId} has only one sentence, so it forms no pair`, only.text);
      }
      const set = members;
      const id = setId;
      if (set.length >= 2 && set[0]) {
        out.push(
          expandSet(set[0].lineNumber, set[0].text, set.length, (i, j) => {
            const a = set[i]!;
            const b = set[j]!;
            const metadata: JsonObject = {
              listsA: a.lists,
              tagsA: a.tags,
              listsB: b.lists,
              tagsB: b.tags,
              lineNumberB: b.lineNumber,
            };
            if (a.language !== undefined) metadata.language = a.language;
            return {
              lineNumber: a.lineNumber,
              a: makeText(a.text),
              b: makeText(b.text),
              originalId: `${a.sentenceId}-${b.sentenceId}`,
              clusterId: id,
              isParaphrase: true,
              metadata,
              similarities: {},
            };
          }),
        );
      }
      members = [];
    };

    const onRow = (row: DelimitedRow, out: ParserOutput[]): void => {
      const f = row.fields;
      if (f.length < 3 || f.length > 6)
        return pushError(out, row.lineNumber, fieldCountMessage('3 to 6', f.length, '\t'), row.raw);
      const [id = '', sentenceId = '', text = '', lists, tags, language] = f;
      const problem =
        (id.trim() === '' ? 'paraphrase_set_id is empty' : null) ??
        (sentenceId.trim() === '' ? 'sentence_id is empty' : null) ??
        checkPairText(text, 'paraphrase');
      if (problem) return pushError(out, row.lineNumber, problem, row.raw);
      if (id !== setId) {
        if (setId !== null && /^\d+$/.test(id) && /^\d+$/.test(setId) && Number(id) < Number(setId)) {
          return pushError(
            out,
            row.lineNumber,
            `paraphrase set ${id} comes after set ${setId}: the lines of a set must be contiguous and sets sorted by id`,
            row.raw,
          );
        }
        closeSet(out);
        setId = id;
      }
      if (members.length >= limits.maxSetTexts) {
        return pushError(
          out,
          row.lineNumber,
          setTooLargeMessage(`paraphrase set ${id}`, `more than ${limits.maxSetTexts}`, limits),
          row.raw,
        );
      }
      const member: Member = { lineNumber: row.lineNumber, sentenceId, text, lists: splitList(lists), tags: splitList(tags) };
      if (language !== undefined) member.language = language;
      members.push(member);
    };

    return createDelimitedParser({
      delimiter: '\t',
      quoting: false,
      header: 'optional',
      isHeader: (fields) => fields[0] === 'paraphrase_set_id',
      onRow,
      onEnd: closeSet,
    });
  },
};

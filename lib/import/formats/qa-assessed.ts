/**
 * Assessed answers of a QA evaluation campaign (QA@CLEF 2006), turned into paraphrase candidates
 * as the Spanish study did (docs/import-formats.md#qa-assessed; lib/qa-pairs). RUNS: one answer per
 * line, tab-separated as in the study's Figure 1: assessment (R, W, U, X), question number, run id,
 * confidence, supporting document id, answer, snippet (the snippet may be missing). The questions
 * come from a second file (lib/qa-pairs/questions-file.ts), given in the context. Only R answers are
 * kept; each question with at least one is a group of its affirmative form and its distinct
 * answers, and every pair within a group is a candidate (clusterId = the question number).
 * Answers are grouped over the whole file, so the parser holds the R answers (small: 200 questions
 * in the study) and hands out the groups at the end, with the funnel of sec. 3.3-3.6.
 */
import { createDelimitedParser, fieldCountMessage, type DelimitedRow } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { expandSet, makeText, pushError, type ParserOutput } from '../format-parser';
import { DEFAULT_IMPORT_LIMITS, setTooLargeMessage } from '../limits';
import type { ImportFunnelStep } from '../types';
import { questionKey, type QaQuestion } from '@/lib/qa-pairs/questions-file';
import { normaliseStatement, reduceAnswers } from '@/lib/qa-pairs/statements';

const ASSESSMENTS = new Set(['R', 'W', 'U', 'X']);

interface Answer {
  text: string;
  /** as written in the file (the first of its duplicates) */
  original: string;
  runs: string[];
  documents: string[];
  lineNumber: number;
}

interface Group {
  question: QaQuestion;
  answers: Answer[];
}

function looksLikeRunLine(line: string): boolean {
  const f = line.split('\t');
  return (f.length === 6 || f.length === 7) && ASSESSMENTS.has(f[0] ?? '') && /^\d+$/u.test(f[1] ?? '');
}

function addUnique(into: string[], values: readonly string[]): void {
  for (const v of values) if (!into.includes(v)) into.push(v);
}

export const qaAssessedFormat: FormatDefinition = {
  name: 'qa-assessed',
  label: 'Assessed QA answers',
  title: 'Assessed QA answers (QA@CLEF runs) + a questions file',
  sniff(sample) {
    const records = sampleRecords(sample);
    return shareOf(records, looksLikeRunLine) === 1 ? 0.9 : 0;
  },
  createParser(context) {
    const limits = context.limits ?? DEFAULT_IMPORT_LIMITS;
    const qa = context.qa;
    const groups = new Map<string, Group>();
    const asked = new Set<string>();
    let rightAnswers = 0;
    let funnel: ImportFunnelStep[] = [];

    const onRow = (row: DelimitedRow, out: ParserOutput[]): void => {
      const f = row.fields;
      if (f.length < 6 || f.length > 7)
        return pushError(
          out,
          row.lineNumber,
          fieldCountMessage('6 or 7 (assessment, question, run, confidence, document, answer[, snippet])', f.length, '\t'),
          row.raw,
        );
      const [assessment = '', number = '', run = '', , document = '', answer = ''] = f;
      if (!ASSESSMENTS.has(assessment.trim())) {
        return pushError(
          out,
          row.lineNumber,
          `unknown assessment ${JSON.stringify(assessment)} (one of R right, W wrong, U unsupported, X inexact)`,
          row.raw,
        );
      }
      if (!qa) return;
      const question = qa.questions.byKey.get(questionKey(number));
      if (!question)
        return pushError(
          out,
          row.lineNumber,
          `question ${JSON.stringify(number)} is not in the questions file ${qa.questions.fileName}`,
          row.raw,
        );
      asked.add(questionKey(number));
      if (assessment.trim() !== 'R') return;
      if (answer.trim() === '') return pushError(out, row.lineNumber, 'the answer is empty', row.raw);
      rightAnswers += 1;
      const key = questionKey(number);
      const group = groups.get(key) ?? { question, answers: [] };
      groups.set(key, group);
      if (group.answers.length >= limits.maxSetTexts) {
        return pushError(
          out,
          row.lineNumber,
          setTooLargeMessage(`question ${question.number}`, `more than ${limits.maxSetTexts} right answers`, limits),
          row.raw,
        );
      }
      group.answers.push({
        text: normaliseStatement(answer, qa.rules),
        original: answer,
        runs: [run.trim()],
        documents: [document.trim()],
        lineNumber: row.lineNumber,
      });
    };

    const onEnd = (out: ParserOutput[]): void => {
      if (!qa) {
        pushError(out, 1, 'the qa-assessed format needs the questions file (--questions QUESTIONS)', '', true);
        return;
      }
      let duplicates = 0;
      let contained = 0;
      let emptied = 0;
      let kept = 0;
      let pairs = 0;
      let groupCount = 0;
      for (const [key, group] of groups) {
        const usable = group.answers.filter((a) => a.text !== '');
        emptied += group.answers.length - usable.length;
        const reduced = reduceAnswers(usable, (into, from) => {
          addUnique(into.runs, from.runs);
          addUnique(into.documents, from.documents);
        });
        duplicates += reduced.duplicates;
        contained += reduced.contained;
        if (reduced.kept.length === 0) continue;
        kept += reduced.kept.length;
        groupCount += 1;
        const q = group.question;
        const members: Array<{
          text: string;
          runs: string[];
          documents: string[];
          lineNumber: number;
          role: 'question' | 'answer';
        }> = [
          { text: q.affirmative, runs: [], documents: [], lineNumber: reduced.kept[0]!.lineNumber, role: 'question' },
          ...reduced.kept.map((a) => ({ ...a, role: 'answer' as const })),
        ];
        pairs += (members.length * (members.length - 1)) / 2;
        out.push(
          expandSet(members[1]!.lineNumber, q.text, members.length, (i, j) => {
            const a = members[i]!;
            const b = members[j]!;
            return {
              lineNumber: b.lineNumber,
              a: makeText(a.text),
              b: makeText(b.text),
              originalId: `${q.number}-${i}-${j}`,
              clusterId: q.number,
              metadata: {
                question: q.text,
                questionKey: key,
                roleA: a.role,
                roleB: b.role,
                runsA: a.runs,
                runsB: b.runs,
                documentsA: a.documents,
                documentsB: b.documents,
              },
              similarities: {},
            };
          }),
        );
      }
      funnel = [
        { step: 'Questions', count: qa.questions.byKey.size },
        { step: 'Questions in the runs', count: asked.size },
        { step: 'With a right answer', count: groups.size },
        { step: 'Right answers', count: rightAnswers },
        ...(emptied > 0 ? [{ step: 'Empty after normalising', count: emptied }] : []),
        { step: 'Duplicates removed', count: duplicates },
        { step: 'Contained removed', count: contained },
        { step: 'Answers kept', count: kept },
        { step: 'Groups', count: groupCount },
        { step: 'Pairs', count: pairs },
      ];
    };

    const parser = createDelimitedParser({ delimiter: '\t', quoting: false, header: 'none', onRow, onEnd });
    return { ...parser, funnel: () => funnel };
  },
};

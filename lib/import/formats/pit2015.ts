/**
 * SemEval-2015 Task 1, Paraphrase and Semantic Similarity in Twitter (Xu, Callison-Burch & Dolan
 * 2015), `{train,dev,test}.data`: TSV, no header, 7 columns Topic_Id, Topic_Name, Sent_1, Sent_2,
 * Label, Sent_1_tag, Sent_2_tag (Label is column 5, as the newer README of cocoxu/SemEval-PIT2015
 * says; the 2015 README lists it first, wrongly). Train/dev labels are crowd votes `(p, n)` of 5
 * workers; the README's mapping: (3,2) (4,1) (5,0) paraphrase, (1,4) (0,5) not, (2,3) debatable.
 * Test labels are one expert score 0-5; README mapping: 4-5 paraphrase, 0-2 not, 3 debatable.
 * `test.label` is not a pair file (no texts; its score equals the expert label / 5 and its
 * true/false/---- equals the mapping above, so importing test.data carries all of it).
 */
import { createHeaderlessTsvParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatDefinition } from '../format-definition';
import { buildSentencePair, pushError, pushResult, quoteForMessage } from '../format-parser';
import type { JsonObject, PairRecord } from '../types';

const VOTES = /^\((\d+), ?(\d+)\)$/;
const EXPERT = /^[0-5]$/;
const CROWD_WORKERS = 5;

type Judgement = Pick<PairRecord, 'referenceLabel' | 'referenceScore' | 'isParaphrase'> & { votes?: [number, number] };

/** The label column read under the README's conventions; a message when it is malformed. */
export function readPitLabel(label: string): Judgement | string {
  const votes = VOTES.exec(label);
  if (votes) {
    const p = Number(votes[1]);
    const n = Number(votes[2]);
    if (p + n !== CROWD_WORKERS) return `vote count ${label} does not add up to ${CROWD_WORKERS} workers`;
    return {
      referenceLabel: label,
      referenceScore: p / CROWD_WORKERS,
      isParaphrase: p >= 3 ? true : p <= 1 ? false : null,
      votes: [p, n],
    };
  }
  if (EXPERT.test(label)) {
    const score = Number(label);
    return { referenceLabel: label, referenceScore: score, isParaphrase: score >= 4 ? true : score <= 2 ? false : null };
  }
  return `Label must be a vote count like "(3, 2)" or an expert score 0-5, found ${quoteForMessage(label)}`;
}

export const pit2015Format: FormatDefinition = {
  name: 'pit2015',
  label: 'PIT-2015',
  title: 'SemEval-2015 PIT (train/dev/test.data: topic, sentences, votes or expert score, tags)',
  sniff(sample) {
    const share = shareOf(sampleRecords(sample), (l) => {
      const f = l.split('\t');
      return f.length === 7 && (VOTES.test(f[4] ?? '') || EXPERT.test(f[4] ?? '')) && (f[5] ?? '').includes('/');
    });
    return share >= 0.9 ? 1 : 0;
  },
  createParser() {
    return createHeaderlessTsvParser((row, out) => {
      const f = row.fields;
      if (f.length !== 7) return pushError(out, row.lineNumber, fieldCountMessage('7', f.length, '\t'), row.raw);
      const [topicId = '', topicName = '', s1, s2, label = '', tagsA = '', tagsB = ''] = f;
      const judgement = readPitLabel(label);
      if (typeof judgement === 'string') return pushError(out, row.lineNumber, judgement, row.raw);
      const metadata: JsonObject = { topicName };
      if (judgement.votes) {
        metadata.votesParaphrase = judgement.votes[0];
        metadata.votesTotal = CROWD_WORKERS;
      }
      metadata.tagsA = tagsA;
      metadata.tagsB = tagsB;
      const result = buildSentencePair(row.lineNumber, s1, s2, ['Sent_1', 'Sent_2'], {
        clusterId: topicId,
        referenceLabel: judgement.referenceLabel,
        referenceScore: judgement.referenceScore,
        isParaphrase: judgement.isParaphrase,
        metadata,
      });
      pushResult(out, result, row.lineNumber, row.raw);
    });
  },
};

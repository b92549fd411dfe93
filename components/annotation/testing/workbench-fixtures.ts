/**
 * Campaigns, pairs, earlier answers and server answers for the workbench's unit tests
 * (workbench-state.test.ts, workbench-view.test.ts), and `run`, which plays events through the reducer.
 */
import { builtInQuestion, type Answers } from '@/lib/annotation/questions';
import type { ApiResult, CampaignView, MyAnnotation, NextPair, StoredAnnotation } from '../workbench-api';
import { initialWorkbenchState, workbenchReducer, type WorkbenchEvent, type WorkbenchState } from '../workbench-state';

export const questions = [builtInQuestion('semantic'), builtInQuestion('paraphraseLoose'), builtInQuestion('rationale')];
/** The same questions as the API sends them (plain arrays). */
const sent = structuredClone(questions) as CampaignView['questions'];

export function campaign(over: Partial<CampaignView> = {}): CampaignView {
  return {
    id: 7,
    slug: 'c7',
    name: 'Campaign 7',
    status: 'ACTIVE',
    questions: sent,
    guidelines: '# Guidelines',
    overlap: 1,
    wordingVersion: 1,
    archived: false,
    progress: { done: 0, remaining: 10, remainingCapped: false },
    ...over,
  };
}

export function nextPair(pairId: number, over: Partial<NextPair> = {}): NextPair {
  return {
    pairId,
    texts: [`first ${pairId}`, `second ${pairId}`],
    image: null,
    questions: sent,
    done: 3,
    remaining: 7,
    remainingCapped: false,
    heldUntil: '2026-01-01T00:00:00.000Z',
    wordingVersion: 1,
    ...over,
  };
}

export function stored(
  pairId: number,
  version: number,
  answers: Answers,
  over: Partial<StoredAnnotation> = {},
): StoredAnnotation {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    pairId,
    submissionId: `s-${pairId}-${version}`,
    version,
    answers,
    storedAnswers: answers,
    durationMs: 1000,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

export function earlier(pairId: number, version: number, answers: Answers): MyAnnotation {
  return { ...stored(pairId, version, answers), texts: [`first ${pairId}`, `second ${pairId}`], history: [] };
}

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
export const offline: ApiResult<never> = { ok: false, kind: 'network', message: 'The server is out of reach.' };
export const refused = (status: number, message: string): ApiResult<never> => ({
  ok: false,
  kind: 'http',
  status,
  body: null,
  message,
});

/** Plays events through the reducer. */
export const run = (events: readonly WorkbenchEvent[], from: WorkbenchState = initialWorkbenchState): WorkbenchState =>
  events.reduce(workbenchReducer, from);

/** The campaign loaded and the first pair request answered with `pair` (null: nothing left). */
export function loaded(pair: NextPair | null, over: Partial<CampaignView> = {}): WorkbenchState {
  const s = run([{ type: 'campaignArrived', seq: 0, result: ok(campaign(over)) }]);
  return run([{ type: 'pairArrived', seq: s.pairSeq, result: ok(pair) }], s);
}

/**
 * What the workbench shows and what a key does, derived from its state (workbench-state.ts) and
 * the little the page knows besides: the earlier answer on screen, whether the answer form is
 * bound to what is drawn, whether the outbox holds an unconfirmed first answer, and the network.
 * Pure, so every "in this state, this is on screen / this key does that" is a unit test.
 */
import { checkAnswers, type Answers, type Question } from '@/lib/annotation/questions';
import { sameAnswers, type FormTarget } from './answer-form';
import type { CampaignView, MyAnnotation, NextPair } from './workbench-api';
import { keyOutcome, type KeyOutcome, type KeyPress } from './keymap';
import type { AnsweredPair, WorkbenchState } from './workbench-state';

/** What the page knows beside the state. */
export interface Surroundings {
  /** the earlier answer on screen (the history's entry at `historyIndex`), else null */
  item: MyAnnotation | null;
  /** the answer form answers the pair or earlier answer on screen (keys and clicks reach it) */
  bound: boolean;
  /** the outbox holds a first answer the server has not confirmed yet: the next pair waits for it */
  blocked: boolean;
  online: boolean;
}

/** The middle of the workbench. */
export type WorkView =
  | { kind: 'earlier'; item: MyAnnotation; back: number }
  | { kind: 'archived' }
  | { kind: 'inactive'; status: CampaignView['status'] }
  | { kind: 'pair'; pair: NextPair }
  | { kind: 'waiting'; message: string; previous?: AnsweredPair; ignoredKey: string | null }
  | { kind: 'done' }
  | { kind: 'unavailable'; message: string };

export const WAITING = {
  loading: 'Loading the next pair…',
  saving: 'Saving your answer… The next pair follows as soon as the server has confirmed it.',
  offline:
    'You are offline. Your answers are kept on this device and will be sent when the connection is back; the next pair follows then.',
};

export const campaignOf = (s: WorkbenchState): CampaignView | null => (s.load.kind === 'ready' ? s.load.campaign : null);

export const currentPair = (s: WorkbenchState): NextPair | null => (s.screen.kind === 'pair' ? s.screen.pair : null);

/** The campaign hands out pairs now (active, not archived). */
export function handsOut(s: WorkbenchState): boolean {
  const campaign = campaignOf(s);
  return campaign !== null && campaign.status === 'ACTIVE' && !campaign.archived;
}

/** The request for the next pair may go out: waiting for one, and no unconfirmed first answer ahead of it. */
export const asksForPair = (s: WorkbenchState, blocked: boolean) => handsOut(s) && !blocked && s.screen.kind === 'waiting';

/** What the answer form is for: the earlier answer on screen, else the current pair, else nothing. */
export function formTarget(item: MyAnnotation | null, pair: NextPair | null): FormTarget | null {
  if (item) return { pairId: item.pairId, baseVersion: item.version, initial: item.answers };
  return pair ? { pairId: pair.pairId, initial: {} } : null;
}

/** No pair on screen to answer, because the next one is on its way. */
export function isWaiting(s: WorkbenchState, { item, bound }: Pick<Surroundings, 'item' | 'bound'>): boolean {
  return !item && handsOut(s) && (s.screen.kind === 'waiting' || (s.screen.kind === 'pair' && !bound));
}

export function workView(s: WorkbenchState, { item, bound, blocked, online }: Surroundings): WorkView {
  if (item) return { kind: 'earlier', item, back: (s.historyIndex ?? 0) + 1 };
  const campaign = campaignOf(s);
  if (campaign?.archived) return { kind: 'archived' };
  if (campaign && campaign.status !== 'ACTIVE') return { kind: 'inactive', status: campaign.status };
  const { screen, ignoredKey } = s;
  switch (screen.kind) {
    case 'pair':
      // drawn only once the form answers this pair (the same commit: never painted otherwise)
      return bound ? { kind: 'pair', pair: screen.pair } : { kind: 'waiting', message: WAITING.loading, ignoredKey };
    case 'waiting': {
      const message = blocked ? (online ? WAITING.saving : WAITING.offline) : WAITING.loading;
      return { kind: 'waiting', message, previous: screen.previous, ignoredKey };
    }
    case 'done':
      return { kind: 'done' };
    case 'unavailable':
      return { kind: 'unavailable', message: screen.message };
  }
}

/**
 * What a key does in this state: nothing before the campaign is loaded or while the gold feedback
 * is open; answer keys wait (and say so) while the next pair is on its way; else the keymap, the
 * answer keys going to the active question of the form on screen.
 */
export function keyAction(
  s: WorkbenchState,
  around: Pick<Surroundings, 'item' | 'bound'> & { active: Question | null; questions?: readonly Question[] },
  press: KeyPress,
): KeyOutcome {
  return keyOutcome(press, {
    active: around.bound ? around.active : null,
    questions: around.bound ? around.questions : [],
    enabled: s.load.kind === 'ready' && s.goldMiss === null,
    waiting: isWaiting(s, around),
  });
}

export type SubmitPlan =
  | { kind: 'none' }
  /** required answers missing or out of range: shown beside the questions, nothing is sent */
  | { kind: 'missing'; errors: Record<string, string> }
  /** an earlier answer submitted as it was: no new version */
  | { kind: 'unchanged'; version: number }
  | { kind: 'send'; pairId: number; answers: Answers; baseVersion?: number; texts: [string, string] };

/** What Enter does with the form on screen (the same check the server makes). */
export function planSubmit(
  questions: readonly Question[],
  form: { target: FormTarget | null; answers: Answers },
  item: MyAnnotation | null,
  pair: NextPair | null,
): SubmitPlan {
  if (!form.target) return { kind: 'none' };
  const check = checkAnswers(questions, form.answers);
  if (!check.ok) return { kind: 'missing', errors: check.errors };
  if (item && sameAnswers(check.answers, item.answers)) return { kind: 'unchanged', version: item.version };
  const texts = item?.texts ?? pair?.texts;
  if (!texts) return { kind: 'none' };
  return {
    kind: 'send',
    pairId: form.target.pairId,
    answers: check.answers,
    baseVersion: item?.version,
    texts: [texts[0], texts[1]],
  };
}

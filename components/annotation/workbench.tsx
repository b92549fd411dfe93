'use client';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { formKeyOf } from './answer-form';
import { createApiClient } from './workbench-api';
import { focusTargetIn } from './focus-question';
import { applyFormAction } from './form-keys';
import { GoldFeedback } from './gold-feedback';
import { GuidelinesPanel } from './guidelines-panel';
import type { KeyAction } from './keymap';
import { newSubmissionId } from './local-store';
import { OutboxList } from './outbox-list';
import { saveStateOf } from './save-state';
import { ShortcutHelp } from './shortcut-help';
import { KeyCue, useKeyCue } from './key-cue';
import { useHistory } from './use-history';
import { useWorkbenchKeys } from './use-workbench-keys';
import { useWorkbenchRequests } from './use-workbench-requests';
import { useWorkbenchSession } from './use-workbench-session';
import { WorkArea } from './work-area';
import { initialWorkbenchState, workbenchReducer } from './workbench-state';
import { WorkbenchTopbar } from './workbench-topbar';
import { campaignOf, currentPair, formTarget, keyAction, planSubmit, workView } from './workbench-view';
import styles from './workbench.module.css';

interface Props {
  campaignId: number;
  userId: number;
}

/**
 * The annotator's workbench for one campaign: the pair, the questions, the guidelines and the
 * local queue. A thin shell: the state and every decision are pure (workbench-state.ts,
 * workbench-view.ts); this file runs the requests they ask for, binds the answer form, moves the
 * focus and draws the views. Talks to the server only through the /api/v1 routes (workbench-api.ts);
 * answers go through the outbox, so "saved" means the server confirmed (docs/workbench.md).
 */
export function Workbench({ campaignId, userId }: Props) {
  const api = useMemo(() => createApiClient(), []);
  const { store, sender, form, outbox, formState, online } = useWorkbenchSession(api, userId, campaignId);
  const [state, dispatch] = useReducer(workbenchReducer, initialWorkbenchState);
  const history = useHistory(api, campaignId);
  const blocked = outbox.entries.some((e) => e.baseVersion === undefined && e.state === 'queued');
  useWorkbenchRequests({ api, campaignId, state, dispatch, blocked, history, form, sender });

  const campaign = campaignOf(state);
  const questions = useMemo(() => campaign?.questions ?? [], [campaign]);
  const item = state.historyIndex !== null ? (history.items[state.historyIndex] ?? null) : null;
  const pair = currentPair(state);
  const target = useMemo(() => formTarget(item, pair), [item, pair]);

  // The form follows the pair in the same commit that brings it (a layout effect), and the work
  // area draws a pair only once the form is bound to it: a key can never reach a pair not on screen.
  useLayoutEffect(() => {
    if (campaign) form.open(target, questions);
  }, [form, target, questions, campaign]);

  const boxes = useRef(new Map<number, HTMLElement>());
  const submitRef = useRef<HTMLButtonElement>(null);
  const onBox = useCallback((index: number, box: HTMLElement | null) => {
    if (box) boxes.current.set(index, box);
    else boxes.current.delete(index);
  }, []);
  const { focusSeq, activeIndex } = formState;
  useLayoutEffect(() => {
    if (focusSeq === 0) return;
    const index = form.getSnapshot().activeIndex;
    (index === null ? submitRef.current : focusTargetIn(boxes.current.get(index)))?.focus();
  }, [focusSeq, form]);

  const bound = target !== null && formKeyOf(formState.target) === formKeyOf(target);
  const shownForm = formKeyOf(formState.target);

  const submit = () => {
    const plan = planSubmit(questions, form.getSnapshot(), item, pair);
    if (plan.kind === 'missing') {
      form.reject(plan.errors);
      return dispatch({ type: 'missingAnswers' });
    }
    if (plan.kind === 'unchanged') return dispatch({ type: 'unchanged', version: plan.version });
    if (plan.kind !== 'send') return;
    const submissionId = newSubmissionId();
    const { pairId, answers, baseVersion, texts } = plan;
    sender.add({ submissionId, campaignId, pairId, answers, durationMs: form.elapsed(), baseVersion, texts });
    form.finish();
    dispatch({ type: 'submitted', submissionId, answers });
  };
  const skip = () => dispatch({ type: 'skipPair', now: Date.now() });
  const back = () => dispatch({ type: 'back' });
  const forward = () => dispatch({ type: 'forward' });

  const keyCue = useKeyCue();
  const { clear: clearCue } = keyCue;
  useEffect(() => clearCue(), [shownForm, clearCue]); // another pair or answer: the cue was about the last one
  const onAction = (action: KeyAction) => {
    keyCue.clear();
    if (applyFormAction(form, questions, action)) return;
    switch (action.type) {
      case 'submit':
        return submit();
      case 'skipPair':
        return skip();
      case 'back':
      case 'forward':
      case 'current':
      case 'toggleHelp':
      case 'toggleGuidelines':
        return dispatch({ type: action.type });
    }
  };
  const active = formState.target && activeIndex !== null ? (questions[activeIndex] ?? null) : null;
  useWorkbenchKeys({
    decide: (press) => keyAction(state, { item, bound, active, questions }, press),
    onAction,
    onIgnored: (key, reason) => (reason === 'waiting' ? dispatch({ type: 'keyIgnored', key }) : keyCue.show(key, reason, active)),
  });

  if (!campaign) {
    return state.load.kind === 'failed' ? (
      <div className="alert error" role="alert">
        The campaign could not be loaded: {state.load.message}{' '}
        <button type="button" className="secondary" onClick={() => dispatch({ type: 'campaignRetry' })}>
          Try again
        </button>
      </div>
    ) : (
      <p className="muted">Loading the campaign…</p>
    );
  }

  const { notice, showGuidelines, showHelp, goldMiss } = state;
  return (
    <div className={styles.bench}>
      <WorkbenchTopbar
        name={campaign.name}
        progress={state.progress}
        save={saveStateOf(state.last, outbox, state.savedVersions, form.isDirty())}
        outbox={outbox}
        online={online}
        durable={store.isDurable}
        showGuidelines={showGuidelines}
        showHelp={showHelp}
        onToggleGuidelines={() => dispatch({ type: 'toggleGuidelines' })}
        onToggleHelp={() => dispatch({ type: 'toggleHelp' })}
      />
      {notice ? (
        <p className={`${styles.banner} ${styles.bannerWarn}`} role="status">
          {notice}
        </p>
      ) : null}
      <div className={`${styles.layout} ${showGuidelines ? styles.layoutWithGuidelines : ''}`}>
        <section className={styles.work} aria-label="Pair to annotate">
          {showHelp ? <ShortcutHelp questions={questions} onClose={() => dispatch({ type: 'closeHelp' })} /> : null}
          {goldMiss ? (
            <GoldFeedback miss={goldMiss} questions={questions} onContinue={() => dispatch({ type: 'goldDismissed' })} />
          ) : null}
          <WorkArea
            view={workView(state, { item, bound, blocked, online })}
            form={{
              formKey: formKeyOf(formState.target),
              questions,
              answers: formState.answers,
              errors: formState.errors,
              activeIndex,
            }}
            onAnswer={(key, value) => {
              keyCue.clear();
              form.answer(key, value);
            }}
            onActivate={(index) => form.activate(index)}
            onSubmit={submit}
            onBack={back}
            onForward={forward}
            onSkip={skip}
            onRetry={() => dispatch({ type: 'pairRetry' })}
            onBox={onBox}
            submitRef={submitRef}
          />
          <KeyCue cue={keyCue.cue} />
          <OutboxList
            outbox={outbox}
            questions={questions}
            sender={sender}
            onTookServer={(e) => e.current && history.applyStored(e.current)}
          />
        </section>
        {showGuidelines ? (
          <GuidelinesPanel markdown={campaign.guidelines} onClose={() => dispatch({ type: 'closeGuidelines' })} />
        ) : null}
      </div>
    </div>
  );
}

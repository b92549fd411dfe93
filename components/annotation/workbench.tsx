'use client';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { checkAnswers } from '@/lib/annotation/questions';
import { formKeyOf, sameAnswers, type FormTarget } from './answer-form';
import { focusQuestion } from './focus-question';
import { applyFormAction } from './form-keys';
import { createApiClient, type CampaignView } from './api-client';
import { GoldFeedback, useGoldMiss } from './gold-feedback';
import { GuidelinesPanel } from './guidelines-panel';
import type { KeyAction } from './keymap';
import { newSubmissionId } from './local-store';
import { OutboxIndicator } from './outbox-indicator';
import { OutboxList } from './outbox-list';
import { saveStateOf, type LastSubmission } from './save-state';
import { SaveStatus } from './save-status';
import { ShortcutHelp } from './shortcut-help';
import { useHistory } from './use-history';
import { useNextPair } from './use-next-pair';
import { useWorkbenchKeys } from './use-workbench-keys';
import { useWorkbenchSession } from './use-workbench-session';
import { useWordingRefresh } from './use-wording-refresh';
import { WorkArea } from './work-area';
import styles from './workbench.module.css';

const SKIP_CONFIRM_MS = 5_000;

interface Props {
  campaignId: number;
  userId: number;
}

/**
 * The annotator's workbench for one campaign: the pair, the questions, the guidelines and the
 * local queue. Talks to the server only through the /api/v1 routes (api-client.ts); answers go
 * through the outbox, so "saved" means the server confirmed (docs/workbench.md).
 */
export function Workbench({ campaignId, userId }: Props) {
  const api = useMemo(() => createApiClient(), []);
  const { store, sender, form, outbox, formState, online } = useWorkbenchSession(api, userId, campaignId);
  const [campaign, setCampaign] = useState<CampaignView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const blocked = outbox.entries.some((e) => e.baseVersion === undefined && e.state === 'queued');
  const handsOut = campaign?.status === 'ACTIVE' && !campaign.archived;
  const next = useNextPair(api, campaignId, handsOut, blocked);
  const history = useHistory(api, campaignId);
  const [historyIndex, setHistoryIndex] = useState<number | null>(null);
  const [last, setLast] = useState<LastSubmission | null>(null);
  const [savedVersions, setSavedVersions] = useState<Record<string, number>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [showHelp, setShowHelp] = useState(false);
  const [showGuidelines, setShowGuidelines] = useState(true);
  const [skipArmedAt, setSkipArmedAt] = useState(0);
  const questions = useMemo(() => campaign?.questions ?? [], [campaign]);
  const [goldMiss, dismissGoldMiss] = useGoldMiss(sender);
  const { setProgress } = next;
  const { applyStored } = history;

  useEffect(() => {
    let live = true;
    void api.getCampaign(campaignId).then((result) => {
      if (!live) return;
      if (result.ok) {
        setCampaign(result.data);
        setProgress(result.data.progress);
      }
      setLoadError(result.ok ? null : result.message);
    });
    return () => {
      live = false;
    };
  }, [api, campaignId, loadAttempt, setProgress]);

  useEffect(
    () =>
      sender.onSaved(({ entry, stored }) => {
        setSavedVersions((s) => ({ ...s, [entry.submissionId]: stored.version }));
        applyStored(stored);
      }),
    [sender, applyStored],
  );

  const item = historyIndex !== null ? (history.items[historyIndex] ?? null) : null;
  const pair = next.screen.kind === 'pair' ? next.screen.pair : null;

  const onWordingUpdated = useCallback((updated: CampaignView) => {
    setCampaign(updated);
    setNotice(`Guidelines updated: the guidelines or question wording changed (wording version ${updated.wordingVersion}); you see the new text now.`);
  }, []);
  useWordingRefresh(api, campaignId, pair?.wordingVersion, campaign?.wordingVersion, onWordingUpdated);
  const target = useMemo<FormTarget | null>(
    () =>
      item
        ? { pairId: item.pairId, baseVersion: item.version, initial: item.answers }
        : pair
          ? { pairId: pair.pairId, initial: {} }
          : null,
    [item, pair],
  );

  // The form follows the pair in the same commit that brings it (a layout effect), and the work
  // area draws a pair only once the form is bound to it: a key can never reach a pair not on screen.
  useLayoutEffect(() => {
    if (campaign) form.open(target, questions);
  }, [form, target, questions, campaign]);

  const { focusSeq, activeIndex } = formState;
  useLayoutEffect(() => {
    if (focusSeq > 0) focusQuestion('workbench-form', 'workbench-submit', form.getSnapshot().activeIndex);
  }, [focusSeq, form]);

  const [ignoredKey, setIgnoredKey] = useState<{ key: string; seq: number } | null>(null);
  const bound = target !== null && formKeyOf(formState.target) === formKeyOf(target);
  const waiting = !item && handsOut && (next.screen.kind === 'waiting' || (pair !== null && !bound));

  const submit = () => {
    const current = form.getSnapshot();
    if (!current.target) return;
    const check = checkAnswers(questions, current.answers);
    if (!check.ok) {
      form.reject(check.errors);
      return setNotice('Some required answers are missing (marked in red).');
    }
    if (item && sameAnswers(check.answers, item.answers))
      return setNotice(`Nothing changed: version ${item.version} stays as it is.`);
    const texts = item?.texts ?? pair?.texts;
    if (!texts) return;
    const submissionId = newSubmissionId();
    sender.add({
      submissionId,
      campaignId,
      pairId: current.target.pairId,
      answers: check.answers,
      durationMs: form.elapsed(),
      baseVersion: item?.version,
      texts: [texts[0], texts[1]],
    });
    form.finish();
    setLast({ submissionId, what: item ? 'Your edit' : 'Your answer' });
    setNotice(null);
    setIgnoredKey(null);
    if (!item && pair) next.advance({ pair, answers: check.answers });
  };

  /** Skipping gives the pair to someone else for good, so it takes a second press within 5 s. */
  const skip = async () => {
    if (!pair || item) return;
    if (Date.now() - skipArmedAt > SKIP_CONFIRM_MS) {
      setSkipArmedAt(Date.now());
      return setNotice('Press s again to skip this pair: it goes back to the pool and you will not see it again.');
    }
    setSkipArmedAt(0);
    const result = await api.skipPair(campaignId, pair.pairId);
    if (!result.ok) return setNotice(`The pair could not be skipped: ${result.message}`);
    form.finish();
    setNotice('Pair skipped.');
    next.advance();
  };

  const goBack = async () => {
    const index = historyIndex === null ? 0 : historyIndex + 1;
    let list = historyIndex === null ? await history.refresh() : history.items;
    if (!list) return setNotice('Your earlier answers cannot be loaded right now.');
    if (index >= list.length) list = (await history.loadOlder()) ?? list;
    if (index >= list.length)
      return setNotice(
        list.length === 0
          ? 'No saved answers yet (answers waiting to be sent are listed under “Not saved yet”).'
          : 'This is your oldest saved answer.',
      );
    setNotice(null);
    setHistoryIndex(index);
  };
  const goForward = () => setHistoryIndex((i) => (i === null || i === 0 ? null : i - 1));

  const onAction = (action: KeyAction) => {
    if (applyFormAction(form, questions, action)) return;
    switch (action.type) {
      case 'submit':
        return submit();
      case 'skipPair':
        return void skip();
      case 'back':
        return void goBack();
      case 'forward':
        return goForward();
      case 'current':
        return setHistoryIndex(null);
      case 'toggleHelp':
        return setShowHelp((s) => !s);
      case 'toggleGuidelines':
        return setShowGuidelines((s) => !s);
    }
  };
  const activeQuestion = formState.target && activeIndex !== null ? (questions[activeIndex] ?? null) : null;
  useWorkbenchKeys({
    active: bound ? activeQuestion : null,
    enabled: campaign !== null && goldMiss === null,
    waiting,
    onAction,
    onIgnored: (key) => setIgnoredKey((k) => ({ key, seq: (k?.seq ?? 0) + 1 })),
  });

  if (!campaign) {
    return loadError ? (
      <div className="alert error" role="alert">
        The campaign could not be loaded: {loadError}{' '}
        <button type="button" className="secondary" onClick={() => setLoadAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    ) : (
      <p className="muted">Loading the campaign…</p>
    );
  }

  const progress = next.progress;
  return (
    <div className={styles.bench}>
      <header className={styles.topbar}>
        <div>
          <h1>{campaign.name}</h1>
          {progress ? (
            <span className={styles.progress} data-testid="progress">
              {progress.done} done · {progress.remaining} to go
            </span>
          ) : null}
        </div>
        <div className={styles.topbarTools}>
          <p className={styles.statusLine} data-testid="status-line">
            <SaveStatus state={saveStateOf(last, outbox, savedVersions, form.isDirty())} />
            <OutboxIndicator outbox={outbox} online={online} durable={store.isDurable} />
          </p>
          <button
            type="button"
            className="secondary"
            aria-expanded={showGuidelines}
            aria-controls="workbench-guidelines"
            onClick={() => setShowGuidelines((s) => !s)}
          >
            Guidelines <kbd>g</kbd>
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={showHelp}
            aria-controls="workbench-shortcuts"
            onClick={() => setShowHelp((s) => !s)}
          >
            Shortcuts <kbd>?</kbd>
          </button>
        </div>
      </header>
      {notice ? (
        <p className={`${styles.banner} ${styles.bannerWarn}`} role="status">
          {notice}
        </p>
      ) : null}
      <div className={`${styles.layout} ${showGuidelines ? styles.layoutWithGuidelines : ''}`}>
        <section className={styles.work} aria-label="Pair to annotate">
          {showHelp ? <ShortcutHelp questions={questions} onClose={() => setShowHelp(false)} /> : null}
          {goldMiss ? <GoldFeedback miss={goldMiss} questions={questions} onContinue={dismissGoldMiss} /> : null}
          <WorkArea
            campaign={campaign}
            screen={next.screen}
            item={item}
            historyIndex={historyIndex}
            blocked={blocked}
            online={online}
            bound={bound}
            ignoredKey={ignoredKey?.key ?? null}
            form={{
              formKey: formKeyOf(formState.target),
              questions,
              answers: formState.answers,
              errors: formState.errors,
              activeIndex,
            }}
            onAnswer={(key, value) => form.answer(key, value)}
            onActivate={(index) => form.activate(index)}
            onSubmit={submit}
            onBack={() => void goBack()}
            onForward={goForward}
            onSkip={() => void skip()}
            onRetry={() => next.advance()}
          />
          <OutboxList
            outbox={outbox}
            questions={questions}
            sender={sender}
            onTookServer={(e) => e.current && applyStored(e.current)}
          />
        </section>
        {showGuidelines ? <GuidelinesPanel markdown={campaign.guidelines} onClose={() => setShowGuidelines(false)} /> : null}
      </div>
    </div>
  );
}

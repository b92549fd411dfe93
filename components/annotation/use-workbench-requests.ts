'use client';
import { useCallback, useEffect, type Dispatch } from 'react';
import type { AnswerForm } from './answer-form';
import type { ApiClient, CampaignView } from './workbench-api';
import type { OutboxSender } from './outbox-sender';
import type { useHistory } from './use-history';
import { useWordingRefresh } from './use-wording-refresh';
import { asksForPair, campaignOf, currentPair } from './workbench-view';
import type { WorkbenchEvent, WorkbenchState } from './workbench-state';

const RETRY_MS = 5_000;

interface Session {
  api: ApiClient;
  campaignId: number;
  state: WorkbenchState;
  dispatch: Dispatch<WorkbenchEvent>;
  /** the outbox holds an unconfirmed first answer: `next` would hand out the same pair again */
  blocked: boolean;
  history: ReturnType<typeof useHistory>;
  form: AnswerForm;
  sender: OutboxSender;
}

/**
 * The requests the workbench's state asks for, through the /api/v1 helpers (workbench-api.ts): the
 * campaign, the next pair (retried every few seconds and when the browser is back online after a
 * network failure), a confirmed skip, the history when going back, newer wording; and the outbox's
 * confirmations. Each answer is dispatched with the request it answers; the reducer drops stale ones.
 */
export function useWorkbenchRequests({ api, campaignId, state, dispatch, blocked, history, form, sender }: Session) {
  const { loadSeq, pairSeq, screen, skipping, historyRequest } = state;

  useEffect(() => {
    let live = true;
    void api.getCampaign(campaignId).then((result) => {
      if (live) dispatch({ type: 'campaignArrived', seq: loadSeq, result });
    });
    return () => {
      live = false;
    };
  }, [api, campaignId, loadSeq, dispatch]);

  // a pair is held until its answer arrives, so `next` is asked only once the outbox holds no unconfirmed first answer
  const ask = asksForPair(state, blocked);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void api.getNextPair(campaignId).then((result) => {
      if (live) dispatch({ type: 'pairArrived', seq: pairSeq, result });
    });
    return () => {
      live = false;
    };
  }, [api, campaignId, ask, pairSeq, dispatch]);

  const retryable = screen.kind === 'unavailable' && screen.retryable;
  useEffect(() => {
    if (!retryable) return;
    const retry = () => dispatch({ type: 'pairRetry' });
    const timer = setTimeout(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [retryable, pairSeq, dispatch]);

  useEffect(() => {
    if (skipping === null) return;
    void api.skipPair(campaignId, skipping).then((result) => {
      if (result.ok) form.finish();
      dispatch({ type: 'skipAnswered', pairId: skipping, result });
    });
  }, [api, campaignId, skipping, form, dispatch]);

  const { refresh, loadOlder, current, applyStored } = history;
  useEffect(() => {
    if (!historyRequest) return;
    const { index } = historyRequest;
    void (async () => {
      let list = historyRequest.refresh ? await refresh() : current();
      if (list && index >= list.length) list = (await loadOlder()) ?? list;
      dispatch({ type: 'historyLoaded', index, count: list ? list.length : null });
    })();
  }, [historyRequest, refresh, loadOlder, current, dispatch]);

  const onWording = useCallback((campaign: CampaignView) => dispatch({ type: 'wordingArrived', campaign }), [dispatch]);
  useWordingRefresh(api, campaignId, currentPair(state)?.wordingVersion, campaignOf(state)?.wordingVersion, onWording);

  useEffect(
    () =>
      sender.onSaved(({ entry, stored }) => {
        dispatch({ type: 'saved', submissionId: entry.submissionId, texts: entry.texts, given: entry.answers, stored });
        applyStored(stored);
      }),
    [sender, applyStored, dispatch],
  );
}

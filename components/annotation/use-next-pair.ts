'use client';
import { useCallback, useEffect, useState } from 'react';
import type { Answers } from '@/lib/annotation/questions';
import type { ApiClient, ApiResult, NextPair } from './api-client';

/** The pair just answered, kept on screen (dimmed) until the next one arrives. */
export interface AnsweredPair {
  pair: NextPair;
  answers: Answers;
}

export type PairScreen =
  /** asking the server, or waiting until the answer just given is confirmed (the server would hand out the same pair again) */
  | { kind: 'waiting'; previous?: AnsweredPair }
  | { kind: 'pair'; pair: NextPair }
  | { kind: 'done' }
  | { kind: 'unavailable'; message: string; retryable: boolean };

const RETRY_MS = 5_000;

function screenFor(result: ApiResult<NextPair | null>): PairScreen {
  if (result.ok) return result.data === null ? { kind: 'done' } : { kind: 'pair', pair: result.data };
  if (result.kind === 'network' || (result.kind === 'http' && (result.status >= 500 || result.status === 401))) {
    return { kind: 'unavailable', retryable: true, message: `${result.message} The next pair loads when the server is back.` };
  }
  return { kind: 'unavailable', retryable: false, message: result.message };
}

/**
 * The pair to annotate: asks `next` once the outbox holds no unconfirmed first answer (a pair is
 * held until its answer arrives, so asking earlier would return the same pair), and again after
 * each submission. Network failures are retried every few seconds and when the browser is back online.
 */
export function useNextPair(api: ApiClient, campaignId: number, ready: boolean, blocked: boolean) {
  const [screen, setScreen] = useState<PairScreen>({ kind: 'waiting' });
  const [progress, setProgress] = useState<{ done: number; remaining: number } | null>(null);

  useEffect(() => {
    if (!ready || blocked || screen.kind !== 'waiting') return;
    let live = true;
    void api.getNextPair(campaignId).then((result) => {
      if (!live) return;
      setScreen(screenFor(result));
      if (result.ok && result.data) setProgress({ done: result.data.done, remaining: result.data.remaining });
    });
    return () => {
      live = false;
    };
  }, [api, campaignId, ready, blocked, screen.kind]);

  useEffect(() => {
    if (screen.kind !== 'unavailable' || !screen.retryable) return;
    const retry = () => setScreen({ kind: 'waiting' });
    const timer = setTimeout(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [screen]);

  /**
   * The current pair was submitted (or the annotator asks again): wait for the outbox, then ask for
   * the next one. The answered pair, when given, stays on screen (dimmed) meanwhile.
   */
  const advance = useCallback((previous?: AnsweredPair) => setScreen({ kind: 'waiting', previous }), []);

  return { screen, progress, setProgress, advance };
}

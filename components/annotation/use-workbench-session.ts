'use client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ActiveTimer } from './active-timer';
import { AnswerForm } from './answer-form';
import type { ApiClient } from './workbench-api';
import { browserStorage, LocalStore } from './local-store';
import { OutboxSender } from './outbox-sender';

/** One tab at a time sends a campaign's outbox (Web Locks); without the API every tab sends, which is still safe. */
function tabLock(name: string) {
  return (fn: () => Promise<void>): Promise<void> => {
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    return locks ? locks.request(name, fn) : fn();
  };
}

function createSession(api: ApiClient, userId: number, campaignId: number) {
  const store = new LocalStore(browserStorage(), userId, campaignId);
  const sender = new OutboxSender({
    store,
    submit: (e) =>
      api.submitAnnotation(campaignId, {
        submissionId: e.submissionId,
        pairId: e.pairId,
        answers: e.answers,
        durationMs: e.durationMs,
        ...(e.baseVersion ? { baseVersion: e.baseVersion } : {}),
      }),
    withLock: tabLock(`paralens-outbox-u${userId}-c${campaignId}`),
  });
  const timer = new ActiveTimer(Date.now());
  const form = new AnswerForm(store, timer);
  return { store, sender, timer, form };
}

const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll'] as const;

/**
 * The browser side of a workbench session: local store, outbox sender, active-time clock and the
 * answer form, created once (the workbench renders in the browser only) and wired to the page's
 * events: online/offline, another tab's changes, visibility, focus, input, and closing the page.
 */
export function useWorkbenchSession(api: ApiClient, userId: number, campaignId: number) {
  const [session] = useState(() => createSession(api, userId, campaignId));
  const [online, setOnline] = useState(() => navigator.onLine);
  const { store, sender, timer, form } = session;

  useEffect(() => {
    const now = () => Date.now();
    const onOnline = () => {
      setOnline(true);
      sender.retry();
    };
    const onOffline = () => setOnline(false);
    const onStorage = (e: StorageEvent) => {
      if (e.key === store.outboxKey) sender.reload();
    };
    const onVisibility = () => {
      const visible = document.visibilityState === 'visible';
      timer.setVisible(visible, now());
      if (visible) void sender.kick();
      else form.flush();
    };
    const onActivity = () => timer.activity(now());
    const onFocus = () => timer.setFocused(true, now());
    const onBlur = () => timer.setFocused(false, now());
    const onPageHide = () => form.flush();
    const listeners: Array<[Window | Document, string, EventListener, AddEventListenerOptions?]> = [
      [window, 'online', onOnline],
      [window, 'offline', onOffline],
      [window, 'storage', onStorage as EventListener],
      [window, 'focus', onFocus],
      [window, 'blur', onBlur],
      [window, 'pagehide', onPageHide],
      [document, 'visibilitychange', onVisibility],
      ...ACTIVITY.map((e): [Window, string, EventListener, AddEventListenerOptions] => [
        window,
        e,
        onActivity,
        { passive: true, capture: true },
      ]),
    ];
    timer.setFocused(document.hasFocus(), now());
    timer.setVisible(document.visibilityState === 'visible', now());
    for (const [target, type, listener, options] of listeners) target.addEventListener(type, listener, options);
    sender.start();
    return () => {
      sender.stop();
      for (const [target, type, listener, options] of listeners) target.removeEventListener(type, listener, options);
    };
  }, [store, sender, timer, form]);

  const outbox = useSyncExternalStore(sender.subscribe, sender.getSnapshot, sender.getSnapshot);
  const formState = useSyncExternalStore(form.subscribe, form.getSnapshot, form.getSnapshot);
  return { store, sender, form, outbox, formState, online };
}

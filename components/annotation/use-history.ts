'use client';
import { useCallback, useRef, useState } from 'react';
import type { ApiClient, MyAnnotation, StoredAnnotation } from './workbench-api';

const PAGE = 50;

/**
 * The annotator's own earlier answers (GET …/annotations/mine), newest first, loaded page by page
 * as they go back; saved edits and conflict decisions update the cached copy.
 */
export function useHistory(api: ApiClient, campaignId: number) {
  const [items, setItems] = useState<MyAnnotation[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextBefore = useRef<number | null>(null);
  const itemsRef = useRef<MyAnnotation[]>([]);

  const publish = (list: MyAnnotation[]) => {
    itemsRef.current = list;
    setItems(list);
  };

  /** Reloads the newest page; resolves to the list (null when it could not be loaded). */
  const refresh = useCallback(async (): Promise<MyAnnotation[] | null> => {
    const result = await api.getMyAnnotations(campaignId, { limit: PAGE });
    if (!result.ok) {
      setError(
        result.kind === 'network' ? 'Your earlier answers cannot be loaded while the server is out of reach.' : result.message,
      );
      return null;
    }
    setError(null);
    nextBefore.current = result.data.nextBefore;
    publish(result.data.annotations);
    return result.data.annotations;
  }, [api, campaignId]);

  /** Loads the next older page; resolves to the longer list, or null when there is nothing older. */
  const loadOlder = useCallback(async (): Promise<MyAnnotation[] | null> => {
    if (nextBefore.current === null) return null;
    const result = await api.getMyAnnotations(campaignId, { limit: PAGE, before: nextBefore.current });
    if (!result.ok) {
      setError(result.message);
      return null;
    }
    nextBefore.current = result.data.nextBefore;
    const known = new Set(itemsRef.current.map((i) => i.pairId));
    const list = [...itemsRef.current, ...result.data.annotations.filter((a) => !known.has(a.pairId))];
    publish(list);
    return list;
  }, [api, campaignId]);

  /** The server stored a new version of one of the annotator's answers. */
  const applyStored = useCallback((stored: StoredAnnotation) => {
    const list = itemsRef.current.map((item) =>
      item.pairId === stored.pairId && stored.version > item.version
        ? {
            ...item,
            version: stored.version,
            answers: stored.answers,
            storedAnswers: stored.storedAnswers,
            submissionId: stored.submissionId,
            updatedAt: stored.updatedAt,
            durationMs: stored.durationMs,
            history: [...item.history, { version: item.version, answers: item.answers, createdAt: item.updatedAt }],
          }
        : item,
    );
    publish(list);
  }, []);

  /** The list as it is now (also between renders, for a request already under way). */
  const current = useCallback(() => itemsRef.current, []);

  return { items, error, refresh, loadOlder, applyStored, current, hasOlder: () => nextBefore.current !== null };
}

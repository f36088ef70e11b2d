import { lazy } from 'react';

/**
 * A chunk loaded once: by the first render that needs it, or ahead of it (`preloadChatChunks`). A failed load (offline,
 * a deploy that replaced the chunk) is not kept, so a later render tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const loadMarkdown = loadOnce(() => import('../markdown/ChatMarkdown'));
const loadDiff = loadOnce(() => import('./DiffView'));

/** The markdown renderer's own chunk, loaded once the first message or notice needs it (one lazy for every user). */
export const LazyChatMarkdown = lazy(loadMarkdown);
/** react-diff-viewer-continued's chunk (tool cards and permission prompts). */
export const LazyDiffView = lazy(loadDiff);

/**
 * Starts loading the chat's chunks while a session opens (issue #15): a long session's replay leaves the page idle
 * between its messages, and its first rows otherwise waited for these chunks after the last event arrived.
 */
export function preloadChatChunks(): void {
  void loadMarkdown().catch(() => undefined);
  void loadDiff().catch(() => undefined);
}

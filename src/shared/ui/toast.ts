import { useSyncExternalStore } from 'react';

import { i18n } from '../i18n';

export type ToastLevel = 'info' | 'success' | 'warning' | 'error';
/** A toast shows either a translation key (`ns:key`) or text already chosen by the caller. */
export type ToastContent = { key: string; values?: Record<string, unknown> } | { text: string };
export interface Toast {
  id: number;
  level: ToastLevel;
  content: ToastContent;
  durationMs: number;
  /** The language when it was shown: a toast keeps it when a navigation (a 401 sends a visitor to /) switches. */
  lang: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(level: ToastLevel, content: ToastContent, durationMs = 4000): number {
  const id = nextId++;
  // The same message twice in a row (e.g. several failing queries) shows once.
  const same = toasts.find((t) => JSON.stringify(t.content) === JSON.stringify(content) && t.level === level);
  if (same) return same.id;
  toasts = [...toasts.slice(-3), { id, level, content, durationMs, lang: i18n.language }];
  emit();
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  info: (c: ToastContent, ms?: number) => showToast('info', c, ms),
  success: (c: ToastContent, ms?: number) => showToast('success', c, ms),
  warning: (c: ToastContent, ms?: number) => showToast('warning', c, ms),
  error: (c: ToastContent, ms?: number) => showToast('error', c, ms),
};

/** What the prerendered markup shows: no toast. */
const noToasts: readonly Toast[] = [];

/**
 * The toasts shown. While React hydrates a prerendered page it reads the server's snapshot (none, as the markup was
 * rendered), then renders the live list: a toast raised before hydration (another window's sign-in, which wakes the
 * page's app) would otherwise make the first render differ from the markup, React's error #418.
 */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => noToasts,
  );
}

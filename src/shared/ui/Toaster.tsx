import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { i18n } from '../i18n';
import { dismissToast, type Toast, useToasts } from './toast';

const levelClass: Record<Toast['level'], string> = {
  info: 'alert-info',
  success: 'alert-success',
  warning: 'alert-warning',
  error: 'alert-error',
};

/** Toast keys a screen states itself just now, with how many of its parts claim each. */
let shownInline: ReadonlyMap<string, number> = new Map();
/** The server's snapshot, for hydration (as useToasts): no claims in prerendered markup. */
const noneInline: ReadonlyMap<string, number> = new Map();
const inlineListeners = new Set<() => void>();

function claimInline(key: string, delta: 1 | -1): void {
  const next = new Map(shownInline);
  const count = (next.get(key) ?? 0) + delta;
  if (count > 0) next.set(key, count);
  else next.delete(key);
  shownInline = next;
  inlineListeners.forEach((l) => l());
}

function useShownInlineKeys(): ReadonlyMap<string, number> {
  return useSyncExternalStore(
    (l) => {
      inlineListeners.add(l);
      return () => inlineListeners.delete(l);
    },
    () => shownInline,
    () => noneInline,
  );
}

/**
 * While `active`, the calling screen states the toast `key` itself (the console's banner says the network is gone,
 * so `errors:offline` would only repeat it, on top of the console's controls): such toasts are not shown, and are
 * dismissed, so one raised meanwhile does not appear later, once the screen's own statement is gone.
 */
export function useShownInline(key: string, active: boolean): void {
  // Before paint: a toast already up when the screen mounts is not shown for a frame.
  useLayoutEffect(() => {
    if (!active) return undefined;
    claimInline(key, 1);
    return () => claimInline(key, -1);
  }, [key, active]);
}

/** The toasts to show: those whose key a screen states itself are left out. */
export function visibleToasts(toasts: readonly Toast[], inline: ReadonlyMap<string, number>): readonly Toast[] {
  return toasts.filter((item) => !('key' in item.content && inline.has(item.content.key)));
}

export function Toaster() {
  const toasts = useToasts();
  const inline = useShownInlineKeys();
  const { t } = useTranslation();
  const visible = visibleToasts(toasts, inline);
  useEffect(() => {
    for (const item of toasts) if (!visible.includes(item)) dismissToast(item.id);
  }, [toasts, visible]);
  return (
    <div className="toast toast-top toast-center z-[100] w-full max-w-md sm:toast-end" aria-live="polite" role="region">
      {visible.map((item) => (
        <div
          key={item.id}
          role={item.level === 'error' ? 'alert' : 'status'}
          className={`alert ${levelClass[item.level]} shadow-lg`}
          data-testid="toast"
        >
          <span className="whitespace-normal">
            {'text' in item.content
              ? item.content.text
              : String(i18n.getFixedT(item.lang)(item.content.key as never, item.content.values as never))}
          </span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label={t('close')} onClick={() => dismissToast(item.id)}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

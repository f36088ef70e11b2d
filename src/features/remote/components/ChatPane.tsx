import { useTranslation } from 'react-i18next';

import type { AwaySummary } from '../model/awaySummary';
import type { DeliveryStage } from '../model/delivery';
import type { QueuedInput } from '../model/inputQueue';
import type { PermissionDecision, PermissionScope, Timeline } from '../model/timeline';
import { AwaySummaryCard } from './AwaySummary';
import { DeliveryContext, useWaitingForCli } from './Delivery';
import { TimelineView } from './TimelineView';
import type { ChatFollow } from './useChatFollow';

/**
 * The conversation: the timeline (only the rows on screen, see useChatFollow), input not yet stored, and at the
 * bottom the pills (a prompt out of view, "n new" while scrolled up) and the summary of what happened while away.
 */
export function ChatPane({
  follow,
  away,
  timeline,
  pending,
  connected,
  cliOnline,
  onRespond,
  onDiscard,
  delivery,
  cliOffline,
  loading = null,
  older = null,
}: {
  follow: ChatFollow;
  away: { summary: AwaySummary | null; dismiss: () => void };
  timeline: Timeline;
  pending: readonly QueuedInput[];
  connected: boolean;
  /** The relay ↔ CLI leg: while it is down nothing runs, input waits for the CLI. */
  cliOnline: boolean;
  onRespond: (requestId: string, decision: PermissionDecision, scope: PermissionScope) => void;
  onDiscard: (clientMsgId: string) => void;
  /** Where each stored message stands (model/delivery.ts). */
  delivery: ReadonlyMap<string, DeliveryStage>;
  /** The relay says the CLI is offline (not merely unknown while this browser is offline). */
  cliOffline: boolean;
  /** The session's history is still arriving and none of it shows yet: how far it got (events held of the session's). */
  loading?: { held: number; of: number } | null;
  /** Events before the first shown (the latest page came first): the top row loads them, or offers to try again. */
  older?: { more: boolean; status: 'loading' | 'failed' | null; onRetry: () => void } | null;
}) {
  const { t } = useTranslation('remote');
  const waitingForCli = useWaitingForCli(delivery, pending, cliOffline);
  const { setScroller, setList, onScroll, rows, flashKey, promptOffscreen, jumpToPrompt, newCount, jumpToLatest, jumpTo } = follow;
  return (
    <DeliveryContext.Provider value={delivery}>
      <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
        <div
          ref={setScroller}
          className="min-h-0 min-w-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] sm:px-5"
          data-testid="chat-scroller"
          onScroll={onScroll}
        >
          {loading ? (
            <div className="mt-10 flex flex-col items-center gap-2 text-sm text-base-content/60" role="status" data-testid="chat-loading">
              <span className="loading loading-spinner loading-md" aria-hidden />
              <span>{t('chat.loadingHistory')}</span>
              {loading.of > 0 && (
                <>
                  <progress className="progress progress-primary w-48" value={loading.held} max={loading.of} aria-hidden />
                  <span className="text-xs tabular-nums" data-testid="chat-loading-progress">
                    {t('chat.loadingProgress', { held: loading.held, of: loading.of })}
                  </span>
                </>
              )}
            </div>
          ) : timeline.items.length === 0 && pending.length === 0 ? (
            <p className="mt-10 text-center text-sm text-base-content/60">{t('chat.empty')}</p>
          ) : (
            <>
              {older?.more && <OlderRow status={older.status} onRetry={older.onRetry} />}
              <TimelineView
                items={timeline.items}
                pending={pending}
                canAnswer={connected}
                onRespond={onRespond}
                onDiscard={onDiscard}
                rows={rows}
                setList={setList}
                flashKey={flashKey}
              />
            </>
          )}
          {timeline.running && cliOnline && (
            <span className="loading loading-dots loading-sm mt-2 text-base-content/50" aria-label={t('chat.working')} />
          )}
          {waitingForCli && (
            <p className="mt-2 text-right text-xs text-warning" data-testid="waiting-for-cli">
              {t('link.waitingForCli')}
            </p>
          )}
        </div>
        <div className="pointer-events-none absolute inset-x-2 bottom-2 z-10 flex flex-col items-center gap-2 *:pointer-events-auto sm:inset-x-5">
          {promptOffscreen && timeline.pendingPermissions.length > 0 && (
            <button
              type="button"
              className="btn btn-warning btn-sm gap-1.5 rounded-full shadow-lg max-sm:h-10"
              data-testid="permission-jump"
              onClick={jumpToPrompt}
            >
              <span aria-hidden>{'\u26A0'}</span>
              {t('permission.jump')}
              {timeline.pendingPermissions.length > 1 && <span className="badge badge-sm">{timeline.pendingPermissions.length}</span>}
            </button>
          )}
          {newCount > 0 && (
            <button
              type="button"
              className="btn btn-primary btn-sm gap-1 rounded-full shadow-lg max-sm:h-10"
              data-testid="new-pill"
              data-count={newCount}
              onClick={jumpToLatest}
            >
              {t('chat.newEvents', { count: newCount })}
              <span aria-hidden>↓</span>
            </button>
          )}
          {away.summary && (
            <div className="w-full max-w-xl">
              <AwaySummaryCard summary={away.summary} onJump={jumpTo} onDismiss={away.dismiss} />
            </div>
          )}
        </div>
      </div>
    </DeliveryContext.Provider>
  );
}

/** The top of a chat whose older events are still at the relay: they are loading (they come as the reader nears it), or failed. */
function OlderRow({ status, onRetry }: { status: 'loading' | 'failed' | null; onRetry: () => void }) {
  const { t } = useTranslation('remote');
  return (
    <div
      className="flex h-10 items-center justify-center gap-2 text-xs text-base-content/60"
      data-testid="chat-older"
      data-state={status ?? 'more'}
    >
      {status === 'failed' ? (
        <>
          <span role="alert">{t('chat.olderFailed')}</span>
          <button type="button" className="btn btn-ghost btn-xs text-primary" onClick={onRetry}>
            {t('chat.olderRetry')}
          </button>
        </>
      ) : (
        <span role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-xs" aria-hidden />
          {t('chat.olderLoading')}
        </span>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';

import type { QueuedInput } from '../model/inputQueue';
import type { PermissionDecision, PermissionScope, Timeline } from '../model/timeline';
import { TimelineView } from './TimelineView';
import type { ChatFollow } from './useChatFollow';

/** The conversation: the timeline, input not yet stored, and a pill that jumps to a prompt out of view. */
export function ChatPane({
  scrollerRef,
  promptOffscreen,
  onScroll,
  onJump,
  timeline,
  pending,
  connected,
  cliOnline,
  onRespond,
  onDiscard,
}: {
  scrollerRef: ChatFollow['scrollerRef'];
  promptOffscreen: boolean;
  onScroll: ChatFollow['onScroll'];
  onJump: () => void;
  timeline: Timeline;
  pending: readonly QueuedInput[];
  connected: boolean;
  /** The relay ↔ CLI leg: while it is down nothing runs, input waits for the CLI. */
  cliOnline: boolean;
  onRespond: (requestId: string, decision: PermissionDecision, scope: PermissionScope) => void;
  onDiscard: (clientMsgId: string) => void;
}) {
  const { t } = useTranslation('remote');
  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">
      <div
        ref={scrollerRef}
        className="min-h-0 min-w-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
        data-testid="chat-scroller"
        onScroll={onScroll}
      >
        {timeline.items.length === 0 && pending.length === 0 ? (
          <p className="mt-10 text-center text-sm text-base-content/60">{t('chat.empty')}</p>
        ) : (
          <TimelineView items={timeline.items} pending={pending} canAnswer={connected} onRespond={onRespond} onDiscard={onDiscard} />
        )}
        {timeline.running && cliOnline && (
          <span className="loading loading-dots loading-sm mt-2 text-base-content/50" aria-label={t('chat.working')} />
        )}
        {!cliOnline && (timeline.items.at(-1)?.kind === 'user' || pending.length > 0) && (
          <p className="mt-2 text-right text-xs text-warning" data-testid="waiting-for-cli">
            {t('link.waitingForCli')}
          </p>
        )}
      </div>
      {promptOffscreen && timeline.pendingPermissions.length > 0 && (
        <button
          type="button"
          className="btn btn-warning btn-sm absolute bottom-3 left-1/2 z-10 -translate-x-1/2 gap-1.5 rounded-full shadow-lg max-sm:h-10"
          data-testid="permission-jump"
          onClick={onJump}
        >
          <span aria-hidden>{'\u26A0'}</span>
          {t('permission.jump')}
          {timeline.pendingPermissions.length > 1 && <span className="badge badge-sm">{timeline.pendingPermissions.length}</span>}
        </button>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';

import type { Session } from '#protocol/remote';

import type { Timeline } from '../model/timeline';

/** Above the chat: the session's title, auto-approve, the todo toggle (narrow screens) and Interrupt while a turn runs. */
export function SessionToolbar({
  session,
  timeline,
  connected,
  showTodos,
  onToggleTodos,
  onAutoApprove,
  onInterrupt,
}: {
  session: Session | undefined;
  timeline: Timeline;
  connected: boolean;
  showTodos: boolean;
  onToggleTodos: () => void;
  onAutoApprove: (autoApprove: boolean) => void;
  onInterrupt: () => void;
}) {
  const { t } = useTranslation('remote');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-base-300 px-3 py-2">
      <h2 className="min-w-32 flex-1 truncate text-sm font-semibold" data-testid="session-title">
        {session?.title || session?.firstMessage || t('sessions.untitled')}
      </h2>
      <label className="flex cursor-pointer items-center gap-2 text-xs">
        <input
          type="checkbox"
          className="toggle toggle-sm toggle-primary"
          checked={session?.autoApprove ?? false}
          disabled={!connected}
          onChange={(e) => onAutoApprove(e.target.checked)}
        />
        {t('chat.autoApprove')}
      </label>
      <button type="button" className="btn btn-ghost btn-xs xl:hidden" aria-expanded={showTodos} onClick={onToggleTodos}>
        {t('todos.title')}{' '}
        {timeline.todos.length > 0 && (
          <span className="badge badge-xs">{timeline.todos.filter((x) => x.status !== 'completed').length}</span>
        )}
      </button>
      {timeline.running && (
        <button
          type="button"
          className="btn btn-error btn-outline btn-xs"
          disabled={!connected}
          onClick={onInterrupt}
          data-testid="interrupt"
        >
          {t('chat.interrupt')}
        </button>
      )}
    </div>
  );
}

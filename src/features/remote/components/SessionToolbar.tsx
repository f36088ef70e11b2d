import { useTranslation } from 'react-i18next';

import type { Session } from '#protocol/remote';

import type { Timeline } from '../model/timeline';

/** The open session's title as the bar shows it. */
export function sessionLabel(session: Session | undefined, untitled: string): string {
  return session?.title || session?.firstMessage || untitled;
}

/**
 * The open session's controls in the console bar: the task list toggle with what is done out of how many (below xl, where the task panel is not beside the chat) and Interrupt
 * while a turn runs.
 */
export function SessionToolbar({
  timeline,
  connected,
  showTodos,
  onToggleTodos,
  onInterrupt,
}: {
  timeline: Timeline;
  connected: boolean;
  showTodos: boolean;
  onToggleTodos: () => void;
  onInterrupt: () => void;
}) {
  const { t } = useTranslation('remote');
  const done = timeline.todos.filter((x) => x.status === 'completed').length;
  return (
    <>
      {timeline.todos.length > 0 && (
        <button
          type="button"
          className="btn btn-ghost btn-xs shrink-0 gap-1 px-1.5 xl:hidden"
          aria-expanded={showTodos}
          onClick={onToggleTodos}
          data-testid="todos-toggle"
          aria-label={t('todos.badge', { done, total: timeline.todos.length })}
        >
          <span aria-hidden className="max-sm:hidden">
            {t('todos.title')}
          </span>
          <svg viewBox="0 0 24 24" className="size-4 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2" />
          </svg>
          <span className={`badge badge-xs ${done === timeline.todos.length ? 'badge-success' : ''}`} aria-hidden data-testid="todos-badge">
            {done}/{timeline.todos.length}
          </span>
        </button>
      )}
      {timeline.running && (
        <button
          type="button"
          className="btn btn-error btn-outline btn-xs shrink-0"
          disabled={!connected}
          onClick={onInterrupt}
          data-testid="interrupt"
        >
          {t('chat.interrupt')}
        </button>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';

import type { TodoItem } from '#protocol/remote';

import type { SubagentItem } from '../../model/timeline';
import { SubagentCard } from '../TimelineView';

const todoMark = { pending: '○', in_progress: '◐', completed: '●' } as const;

/** The session's todo list and its sub-agents. */
export function TodoPanel({ todos, subagents }: { todos: readonly TodoItem[]; subagents: readonly SubagentItem[] }) {
  const { t } = useTranslation('remote');
  return (
    <div className="space-y-4" data-testid="todo-panel">
      <section>
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">{t('todos.title')}</h3>
        {todos.length === 0 ? (
          <p className="text-sm text-base-content/60">{t('todos.none')}</p>
        ) : (
          <ul className="space-y-1.5" data-testid="todo-list">
            {todos.map((todo) => (
              <li key={todo.id} className="flex items-start gap-2 text-sm" data-status={todo.status}>
                <span
                  className={
                    todo.status === 'completed' ? 'text-success' : todo.status === 'in_progress' ? 'text-info' : 'text-base-content/50'
                  }
                  aria-hidden
                >
                  {todoMark[todo.status]}
                </span>
                <span className={todo.status === 'completed' ? 'text-base-content/60 line-through' : ''}>{todo.content}</span>
                <span className="sr-only">{t(`todos.${todo.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {subagents.length > 0 && (
        <section>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">{t('subagent.title')}</h3>
          <div className="space-y-2">
            {subagents.map((s) => (
              <SubagentCard key={s.key} item={s} compact />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

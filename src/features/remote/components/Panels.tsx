import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Instance, Session, TodoItem } from '../../../../relay/protocol/remote';
import { useCopyText } from '../../../shared/ui/useCopyText';
import type { ConnectionState } from '../model/connection';
import { markdownToPlain } from '../model/plainText';
import type { SubagentItem } from '../model/timeline';
import { SubagentCard } from './TimelineView';

// ---- connection banner -------------------------------------------------------------------------------------------

const connectionTone: Record<ConnectionState['status'], string> = {
  idle: 'bg-base-content/40',
  connecting: 'bg-info animate-pulse',
  connected: 'bg-success',
  reconnecting: 'bg-warning animate-pulse',
  disconnected: 'bg-error',
};

/** The connection pill, and below it a banner whenever the link is not up (spec §4, §8). */
export function ConnectionBanner({ connection, onRetry }: { connection: ConnectionState; onRetry: () => void }) {
  const { t } = useTranslation('remote');
  const label =
    connection.status === 'reconnecting'
      ? t('connection.reconnecting', { attempt: Math.max(1, connection.attempt) })
      : t(`connection.${connection.status}`);
  return (
    <span className="flex items-center gap-2 text-xs" role="status" data-testid="connection-status" data-state={connection.status}>
      <span className={`inline-block size-2.5 rounded-full ${connectionTone[connection.status]}`} aria-hidden />
      <span className="font-medium">{label}</span>
      {connection.status === 'reconnecting' && (
        <button type="button" className="btn btn-ghost btn-xs" onClick={onRetry}>
          {t('connection.retryNow')}
        </button>
      )}
    </span>
  );
}

export function LinkDownAlert({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation('remote');
  if (connection.status !== 'reconnecting') return null;
  return (
    <div role="alert" className="alert alert-warning alert-soft rounded-none py-2 text-sm" data-testid="link-down">
      <span>{connection.offline ? t('errors.networkLost') : t('errors.connection')}</span>
    </div>
  );
}

// ---- setup guide ---------------------------------------------------------------------------------------------------

function CopyCommand({ command }: { command: string }) {
  const { t } = useTranslation('common');
  const { copied, copy } = useCopyText();
  return (
    <div className="mt-2 flex items-center gap-2 rounded-box bg-neutral px-3 py-2 text-neutral-content">
      <code className="min-w-0 flex-1 overflow-x-auto whitespace-nowrap font-mono text-sm">{command}</code>
      <button type="button" className="btn btn-ghost btn-xs text-neutral-content" onClick={() => copy(command)}>
        {copied ? t('copied') : t('copy')}
      </button>
    </div>
  );
}

/** Shown while no CLI is online: how to install and start `tern --cloud`, and how pairing works. */
export function SetupGuide({ hasOffline }: { hasOffline: boolean }) {
  const { t } = useTranslation('remote');
  const steps = [
    { title: t('setup.install'), command: 'npm install -g tern', body: t('setup.installBody') },
    { title: t('setup.start'), command: 'tern --cloud', body: t('setup.startBody') },
    { title: t('setup.pair'), body: t('setup.pairBody') },
  ];
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8" data-testid="setup-guide">
      <h2 className="text-xl font-bold">{t('setup.title')}</h2>
      <p className="mt-1 text-sm text-base-content/70">{hasOffline ? t('errors.cliNotStarted') : t('setup.intro')}</p>
      <ol className="mt-6 space-y-5">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-content">{i + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{step.title}</p>
              <p className="text-sm text-base-content/70">{step.body}</p>
              {step.command && <CopyCommand command={step.command} />}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-xs text-base-content/60">{t('setup.waiting')}</p>
    </section>
  );
}

// ---- environments --------------------------------------------------------------------------------------------------

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function formatDuration(ms: number, t: (key: 'duration.d' | 'duration.h' | 'duration.m' | 'duration.s', o: { n: number }) => string): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${t('duration.d', { n: d })} ${t('duration.h', { n: h })}`;
  if (h) return `${t('duration.h', { n: h })} ${t('duration.m', { n: m })}`;
  if (m) return t('duration.m', { n: m });
  return t('duration.s', { n: s % 60 });
}

export function EnvironmentList({
  instances,
  selectedId,
  onSelect,
}: {
  instances: readonly Instance[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('remote');
  const now = useNow(30_000);
  if (!instances.length) return <p className="px-3 py-2 text-sm text-base-content/60">{t('environments.none')}</p>;
  return (
    <ul className="space-y-1" data-testid="environment-list">
      {instances.map((instance) => {
        const selected = instance.id === selectedId;
        return (
          <li key={instance.id}>
            <button
              type="button"
              className={`w-full rounded-box px-3 py-2 text-left transition-colors ${selected ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-base-200'}`}
              aria-pressed={selected}
              onClick={() => onSelect(instance.id)}
              data-testid="environment"
              data-online={instance.online ? 'true' : 'false'}
            >
              <span className="flex items-center gap-2">
                <span className={`inline-block size-2.5 shrink-0 rounded-full ${instance.online ? 'bg-success' : 'bg-base-content/30'}`} aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{instance.hostname}</span>
                <span className="text-xs text-base-content/60">{instance.online ? t('environments.online') : t('environments.offline')}</span>
              </span>
              <span className="mt-0.5 block truncate font-mono text-xs text-base-content/70" title={instance.cwd}>
                {instance.cwd}
              </span>
              <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-base-content/60">
                <span>{instance.platform}</span>
                <span>{t('environments.node', { version: instance.nodeVersion })}</span>
                <span>{t('environments.sessions', { count: instance.sessionCount })}</span>
                {instance.online && <span>{t('environments.uptime', { time: formatDuration(now - Date.parse(instance.startedAt), t) })}</span>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

// ---- sessions ------------------------------------------------------------------------------------------------------

export function SessionList({
  sessions,
  currentId,
  creating,
  canCreate,
  onSelect,
  onCreate,
}: {
  sessions: readonly Session[];
  currentId: string | null;
  creating: boolean;
  canCreate: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation('remote');
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const sorted = [...sessions].sort((a, b) => Date.parse(b.lastActiveAt) - Date.parse(a.lastActiveAt));
  return (
    <div>
      <button type="button" className="btn btn-primary btn-sm mb-2 w-full" disabled={!canCreate || creating} onClick={onCreate} data-testid="new-session">
        {creating && <span className="loading loading-spinner loading-xs" aria-hidden />}
        {t('sessions.new')}
      </button>
      {sorted.length === 0 ? (
        <p className="px-3 py-2 text-sm text-base-content/60">{t('sessions.none')}</p>
      ) : (
        <ul className="space-y-1" data-testid="session-list">
          {sorted.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={`w-full rounded-box px-3 py-2 text-left ${s.id === currentId ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-base-200'}`}
                aria-current={s.id === currentId ? 'true' : undefined}
                onClick={() => onSelect(s.id)}
                data-testid="session"
              >
                <span className="flex items-center gap-2">
                  {s.active && <span className="inline-block size-2 shrink-0 rounded-full bg-success" title={t('sessions.active')} aria-label={t('sessions.active')} />}
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{s.title || s.firstMessage || t('sessions.untitled')}</span>
                </span>
                {s.lastMessage && (
                  <span className="mt-0.5 block truncate text-xs text-base-content/70" data-testid="session-preview">
                    {markdownToPlain(s.lastMessage)}
                  </span>
                )}
                <span className="mt-0.5 flex flex-wrap gap-x-3 text-[11px] text-base-content/50">
                  <span>{t('sessions.created', { time: fmt.format(new Date(s.createdAt)) })}</span>
                  <span>{t('sessions.lastActive', { time: fmt.format(new Date(s.lastActiveAt)) })}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// ---- todos & sub-agents -------------------------------------------------------------------------------------------

const todoMark = { pending: '○', in_progress: '◐', completed: '●' } as const;

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
                <span className={todo.status === 'completed' ? 'text-success' : todo.status === 'in_progress' ? 'text-info' : 'text-base-content/50'} aria-hidden>
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

// ---- composer ------------------------------------------------------------------------------------------------------

export function Composer({ disabled, offline, onSend }: { disabled: boolean; offline: boolean; onSend: (text: string) => void }) {
  const { t } = useTranslation('remote');
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const send = () => {
    if (!text.trim() || disabled) return;
    onSend(text);
    setText('');
    ref.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const hint = text.startsWith('!') ? t('composer.hintShell') : text.startsWith('/') ? t('composer.hintSlash') : null;
  return (
    <form
      className="border-t border-base-300 bg-base-100 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {hint && <p className="mb-1 text-xs text-base-content/60" data-testid="composer-hint">{hint}</p>}
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor="remote-composer">
          {t('composer.label')}
        </label>
        <textarea
          id="remote-composer"
          ref={ref}
          className="textarea textarea-bordered min-h-12 w-full flex-1 resize-none text-base sm:text-sm"
          rows={Math.min(6, Math.max(1, text.split('\n').length))}
          placeholder={t('composer.placeholder')}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary h-12 min-w-12 px-4 sm:h-10 sm:min-h-10" disabled={disabled || !text.trim()} aria-label={t('composer.send')}>
          <span aria-hidden className="sm:hidden">↑</span>
          <span className="max-sm:hidden">{t('composer.send')}</span>
        </button>
      </div>
      <p className={`mt-1 text-[11px] ${offline ? 'text-warning' : 'text-base-content/50'}`}>
        {offline ? t('composer.queued') : <><span className="max-sm:hidden">{t('composer.keys')}</span><span className="sm:hidden">{t('composer.keysPhone')}</span></>}
      </p>
    </form>
  );
}

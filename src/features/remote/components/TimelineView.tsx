import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LazyChatMarkdown as ChatMarkdown } from '../markdown/LazyChatMarkdown';
import type { QueuedInput } from '../model/inputQueue';
import type { DiffItem, PermissionDecision, PermissionScope, SubagentItem, TimelineItem } from '../model/timeline';
import { ErrorText, NoticeText } from './NoticeText';
import { PermissionPrompt } from './PermissionPrompt';
import { useMediaQuery } from './useMediaQuery';

// The heavy parts load only when a message or a diff shows up.
const DiffView = lazy(() => import('./DiffView'));

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;

function pretty(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

const statusBadge: Record<string, string> = {
  executing: 'badge-info',
  running: 'badge-info',
  initializing: 'badge-ghost',
  pending: 'badge-ghost',
  completed: 'badge-success',
  done: 'badge-success',
  failed: 'badge-error',
  cancelled: 'badge-warning',
  unknown: 'badge-ghost',
};

function StatusBadge({ status, label }: { status: string; label: string }) {
  const busy = status === 'executing' || status === 'running';
  return (
    <span className={`badge badge-sm shrink-0 gap-1 ${statusBadge[status] ?? 'badge-ghost'}`} data-status={status}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden />}
      {label}
    </span>
  );
}

function UserBubble({ text, pending }: { text: string; pending?: QueuedInput['status'] }) {
  const { t } = useTranslation('remote');
  return (
    <div className="flex justify-end" data-testid="user-message">
      <div className={`max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-primary-content ${pending ? 'opacity-70' : ''}`}>
        <p className="whitespace-pre-wrap break-words text-sm sm:text-[15px]">{text}</p>
        {pending && <p className="mt-1 text-right text-xs opacity-80">{t(`queue.${pending}`)}</p>}
      </div>
    </div>
  );
}

function AssistantBubble({ item }: { item: Item<'assistant'> }) {
  return (
    <div className="max-w-full" data-testid="assistant-message" data-streaming={item.streaming ? 'true' : 'false'}>
      <Suspense fallback={<p className="whitespace-pre-wrap break-words text-sm">{item.text}</p>}>
        <ChatMarkdown source={item.text} />
      </Suspense>
      {item.streaming && <span className="loading loading-dots loading-xs text-base-content/50" aria-hidden />}
    </div>
  );
}

function DiffBlock({ diff }: { diff: DiffItem }) {
  const { t } = useTranslation('remote');
  const desktop = useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? desktop;
  return (
    <div className="rounded-box border border-base-300 bg-base-100" data-testid="file-diff">
      <button
        type="button"
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm"
        aria-expanded={expanded}
        onClick={() => setOpen(!expanded)}
      >
        <span className="font-mono text-xs text-base-content/60">{expanded ? '▾' : '▸'}</span>
        <span className="min-w-0 flex-1 truncate font-mono">{diff.path}</span>
        <span className="text-xs text-base-content/60">{expanded ? t('diff.hide') : t('diff.show')}</span>
      </button>
      {expanded && (
        <Suspense
          fallback={
            <div className="flex justify-center p-4">
              <span className="loading loading-spinner loading-sm" aria-label={t('diff.loading')} />
            </div>
          }
        >
          <DiffView oldText={diff.oldText} newText={diff.newText} split={desktop} />
        </Suspense>
      )}
    </div>
  );
}

function Collapsible({
  summary,
  children,
  defaultOpen = false,
  testId,
}: {
  summary: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  testId?: string;
}) {
  return (
    <details className="group rounded-box bg-base-200/60" open={defaultOpen} data-testid={testId}>
      <summary className="cursor-pointer select-none px-3 py-1.5 text-xs font-medium text-base-content/70">{summary}</summary>
      <div className="px-3 pb-2">{children}</div>
    </details>
  );
}

type Respond = (requestId: string, decision: PermissionDecision, scope: PermissionScope) => void;

/** The error of a tool call its interrupted turn left open (the CLI's closing event and the timeline fold use it). */
const INTERRUPTED = 'interrupted';

function ToolCard({ item, canAnswer, onRespond }: { item: Item<'tool'>; canAnswer: boolean; onRespond: Respond }) {
  const { t } = useTranslation('remote');
  const streamed = item.stream.map((s) => s.chunk).join('');
  const output = streamed || item.output || '';
  const input = pretty(item.input);
  const waiting = item.status === 'executing' && item.permissions.some((p) => p.open);
  return (
    <div
      className={`rounded-box border bg-base-100 p-3 shadow-sm ${waiting ? 'border-warning/70 ring-1 ring-warning/40' : 'border-base-300'}`}
      data-testid="tool-card"
      data-status={item.status}
      data-tool={item.name}
      data-tool-call-id={item.toolCallId}
    >
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs font-semibold text-primary">{item.name}</span>
        <span className="min-w-0 flex-1 truncate text-sm" title={item.title}>
          {item.title}
        </span>
        {waiting ? (
          <span className="badge badge-sm badge-warning shrink-0" data-status="awaiting">
            {t('permission.awaiting')}
          </span>
        ) : (
          <StatusBadge status={item.status} label={t(`status.${item.status}`)} />
        )}
      </div>
      {item.permissions.map((p) => (
        <PermissionPrompt
          key={p.requestId}
          permission={p}
          canAnswer={canAnswer}
          onRespond={(d, scope) => onRespond(p.requestId, d, scope)}
        />
      ))}
      <div className="mt-2 space-y-2 empty:hidden">
        {input && (
          <Collapsible summary={t('tool.input')}>
            <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{input}</pre>
          </Collapsible>
        )}
        {output && (
          <Collapsible summary={t('tool.output')} defaultOpen testId="tool-output-section">
            <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all font-mono text-xs" data-testid="tool-output">
              {item.stream.length
                ? item.stream.map((s) => (
                    <span key={s.seq} className={s.stream === 'stderr' ? 'text-error' : undefined}>
                      {s.chunk}
                    </span>
                  ))
                : output}
            </pre>
          </Collapsible>
        )}
        {item.error && (
          <p className="rounded-box bg-error/10 px-3 py-2 font-mono text-xs text-error" data-testid="tool-error">
            {item.error === INTERRUPTED ? t('tool.interrupted') : item.error}
          </p>
        )}
        {item.diffs.map((diff) => (
          <DiffBlock key={diff.seq} diff={diff} />
        ))}
      </div>
    </div>
  );
}

export function SubagentCard({ item, children, compact = false }: { item: SubagentItem; children?: ReactNode; compact?: boolean }) {
  const { t } = useTranslation('remote');
  return (
    <div
      className="rounded-box border border-dashed border-base-300 bg-base-100 px-3 py-2"
      data-testid="subagent-card"
      data-status={item.status}
      data-agent-id={item.agentId}
    >
      <div className="flex items-center gap-2">
        {!compact && <span className="text-xs font-semibold uppercase tracking-wide text-base-content/60">{t('subagent.label')}</span>}
        <span className="min-w-0 flex-1 truncate text-sm">{item.title}</span>
        <StatusBadge status={item.status} label={t(`status.${item.status}`)} />
      </div>
      {children}
      {item.summary && <p className="mt-1 whitespace-pre-wrap text-xs text-base-content/70">{item.summary}</p>}
    </div>
  );
}

function SetupStepRow({ item }: { item: Item<'setup'> }) {
  const { t } = useTranslation('remote');
  return (
    <div className="flex items-start gap-2 rounded-box bg-base-200/60 px-3 py-2 text-sm" data-testid="setup-step" data-status={item.status}>
      <StatusBadge status={item.status} label={t(`status.${item.status}`)} />
      <div className="min-w-0">
        <p>{item.title}</p>
        {item.detail && <p className="whitespace-pre-wrap text-xs text-base-content/60">{item.detail}</p>}
      </div>
    </div>
  );
}

export interface TimelineProps {
  items: readonly TimelineItem[];
  pending: readonly QueuedInput[];
  canAnswer: boolean;
  onRespond: Respond;
  onDiscard: (clientMsgId: string) => void;
}

function ItemView({ item, canAnswer, onRespond }: { item: TimelineItem; canAnswer: boolean; onRespond: Respond }) {
  const { t } = useTranslation('remote');
  switch (item.kind) {
    case 'user':
      return <UserBubble text={item.text} />;
    case 'assistant':
      return <AssistantBubble item={item} />;
    case 'tool':
      return <ToolCard item={item} canAnswer={canAnswer} onRespond={onRespond} />;
    case 'diff':
      return <DiffBlock diff={item.diff} />;
    case 'subagent':
      return (
        <SubagentCard item={item}>
          {item.children.length > 0 && (
            <ol className="mt-2 space-y-2 border-l-2 border-base-300 pl-2 sm:pl-3" data-testid="subagent-children">
              {item.children.map((child) => (
                <li key={child.key} data-kind={child.kind}>
                  <ItemView item={child} canAnswer={canAnswer} onRespond={onRespond} />
                </li>
              ))}
            </ol>
          )}
        </SubagentCard>
      );
    case 'setup':
      return <SetupStepRow item={item} />;
    case 'notice':
      return (
        <div
          role="status"
          className={`alert alert-soft py-2 text-sm ${item.level === 'warning' ? 'alert-warning' : 'alert-info'}`}
          data-testid="notice"
          data-code={item.code}
        >
          <NoticeText item={item} />
        </div>
      );
    case 'error':
      return (
        <div role="alert" className="alert alert-error alert-soft py-2 text-sm" data-testid="session-error" data-code={item.code}>
          <ErrorText item={item} />
        </div>
      );
    case 'turnEnd':
      return <p className="text-center text-xs text-base-content/60">{t(`turnEnd.${item.reason}`)}</p>;
  }
}

export function TimelineView({ items, pending, canAnswer, onRespond, onDiscard }: TimelineProps) {
  const { t } = useTranslation('remote');
  return (
    <ol className="space-y-3" aria-live="polite" data-testid="timeline">
      {items.map((item) => (
        <li key={item.key} data-seq={item.seq} data-kind={item.kind}>
          <ItemView item={item} canAnswer={canAnswer} onRespond={onRespond} />
        </li>
      ))}
      {pending.map((q) => (
        <li key={q.clientMsgId} data-kind="pending">
          <UserBubble text={q.text} pending={q.status} />
          {q.status === 'failed' && (
            <div className="mt-1 flex items-center justify-end gap-2 text-xs text-error">
              <span>{q.error}</span>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => onDiscard(q.clientMsgId)}>
                {t('queue.discard')}
              </button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

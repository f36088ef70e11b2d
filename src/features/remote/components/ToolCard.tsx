import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { DiffItem, PermissionDecision, PermissionScope, TimelineItem } from '../model/timeline';
// The diff viewer's own chunk: loaded while a session opens (preloadChatChunks), or when a diff first shows up.
import { LazyDiffView as DiffView } from './lazyChunks';
import { PermissionPrompt } from './PermissionPrompt';
import { useMediaQuery } from './useMediaQuery';
import { useNow } from './useNow';

type ToolItem = Extract<TimelineItem, { kind: 'tool' }>;
export type Respond = (requestId: string, decision: PermissionDecision, scope: PermissionScope) => void;

/** The error of a tool call its interrupted turn left open (the CLI's closing event and the timeline fold use it). */
export const INTERRUPTED = 'interrupted';

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
  interrupted: 'badge-warning',
  unknown: 'badge-ghost',
};

export function StatusBadge({ status, label, title }: { status: string; label: string; title?: string }) {
  const busy = status === 'executing' || status === 'running';
  return (
    <span className={`badge badge-sm shrink-0 gap-1 ${statusBadge[status] ?? 'badge-ghost'}`} data-status={status} title={title}>
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden />}
      {label}
    </span>
  );
}

type T = ReturnType<typeof useTranslation<'remote'>>['t'];

/** "0.4 s", "12 s", "2 min 5 s". */
export function durationText(t: T, ms: number): string {
  if (ms < 10_000) return t('duration.s', { n: Math.max(0, Math.round(ms / 100) / 10) });
  const s = Math.round(ms / 1000);
  if (s < 60) return t('duration.s', { n: s });
  const m = Math.floor(s / 60);
  return s % 60 ? `${t('duration.m', { n: m })} ${t('duration.s', { n: s % 60 })}` : t('duration.m', { n: m });
}

function Duration({ item }: { item: ToolItem }) {
  const { t } = useTranslation('remote');
  const running = item.status === 'executing' && !item.endedAt;
  const now = useNow(running ? 1000 : 3_600_000);
  if (!item.startedAt) return null;
  const end = item.endedAt ? Date.parse(item.endedAt) : running ? now : null;
  if (end === null) return null;
  return (
    <span className="shrink-0 font-mono text-[11px] tabular-nums text-base-content/60" data-testid="tool-duration">
      {durationText(t, end - Date.parse(item.startedAt))}
    </span>
  );
}

export function DiffBlock({ diff }: { diff: DiffItem }) {
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

function ToolDetails({ item }: { item: ToolItem }) {
  const { t } = useTranslation('remote');
  const streamed = item.stream.map((s) => s.chunk).join('');
  const output = streamed || item.output || '';
  const input = pretty(item.input);
  return (
    <>
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
      {item.diffs.map((diff) => (
        <DiffBlock key={diff.seq} diff={diff} />
      ))}
    </>
  );
}

/**
 * A tool call. On phones one line (name, target, state, duration) that opens on tap; a call that failed or waits for
 * an approval opens by itself. Wide screens show the details from the start. A call its interrupted turn closed says
 * so in its state only: the turn's own line is the one message about the interrupt.
 */
export function ToolCard({ item, canAnswer, onRespond }: { item: ToolItem; canAnswer: boolean; onRespond: Respond }) {
  const { t } = useTranslation('remote');
  const desktop = useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState<boolean | null>(null);
  const waiting = item.status === 'executing' && item.permissions.some((p) => p.open);
  const interrupted = item.error === INTERRUPTED;
  const failed = item.status === 'failed' && !interrupted;
  const expanded = open ?? (desktop || failed || waiting);
  const hasDetails = Boolean(pretty(item.input) || item.stream.length || item.output || item.diffs.length);
  return (
    <div
      className={`rounded-box border bg-base-100 shadow-sm ${waiting ? 'border-warning/70 ring-1 ring-warning/40' : failed ? 'border-error/50' : 'border-base-300'}`}
      data-testid="tool-card"
      data-status={item.status}
      data-tool={item.name}
      data-tool-call-id={item.toolCallId}
      data-expanded={expanded ? 'true' : 'false'}
    >
      <button
        type="button"
        className="flex min-h-10 w-full items-center gap-2 px-3 py-1.5 text-left"
        aria-expanded={expanded}
        aria-label={`${item.name} ${item.title} — ${expanded ? t('tool.hide') : t('tool.show')}`}
        onClick={() => setOpen(!expanded)}
        data-testid="tool-toggle"
      >
        <span className="shrink-0 font-mono text-xs font-semibold text-primary">{item.name}</span>
        <span className="min-w-0 flex-1 truncate text-sm" title={item.title}>
          {item.title}
        </span>
        {waiting ? (
          <span className="badge badge-sm badge-warning shrink-0" data-status="awaiting">
            {t('permission.awaiting')}
          </span>
        ) : interrupted ? (
          <StatusBadge status="interrupted" label={t('status.interrupted')} title={t('tool.interrupted')} />
        ) : (
          <StatusBadge status={item.status} label={t(`status.${item.status}`)} />
        )}
        <Duration item={item} />
        {hasDetails && (
          <span className="shrink-0 font-mono text-xs text-base-content/50" aria-hidden>
            {expanded ? '▾' : '▸'}
          </span>
        )}
      </button>
      <div className="space-y-2 px-3 pb-3 empty:hidden">
        {item.permissions.map((p) => (
          <PermissionPrompt
            key={p.requestId}
            permission={p}
            canAnswer={canAnswer}
            onRespond={(d, scope) => onRespond(p.requestId, d, scope)}
          />
        ))}
        {expanded && <ToolDetails item={item} />}
        {item.error && !interrupted && (
          <p className="rounded-box bg-error/10 px-3 py-2 font-mono text-xs text-error" data-testid="tool-error">
            {item.error}
          </p>
        )}
      </div>
    </div>
  );
}

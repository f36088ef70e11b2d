import { memo, type ReactNode, Suspense, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { queuedStage } from '../model/delivery';
import type { QueuedInput } from '../model/inputQueue';
import type { SubagentItem, TimelineItem } from '../model/timeline';
import { DeliveryMark, StoredDelivery } from './Delivery';
import { LazyChatMarkdown as ChatMarkdown } from './lazyChunks';
import { ErrorText, NoticeText } from './NoticeText';
import { DiffBlock, type Respond, StatusBadge, ToolCard } from './ToolCard';
import type { RowWindow } from './useVirtualRows';

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;

function UserBubble({ text, pending, clientMsgId }: { text: string; pending?: QueuedInput['status']; clientMsgId?: string }) {
  return (
    <div className="flex flex-col items-end" data-testid="user-message">
      <div className={`max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-primary-content ${pending ? 'opacity-70' : ''}`}>
        <p className="whitespace-pre-wrap break-words text-sm sm:text-[15px]">{text}</p>
      </div>
      {pending ? <DeliveryMark stage={queuedStage(pending)} /> : clientMsgId && <StoredDelivery clientMsgId={clientMsgId} />}
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
  /** The rows to render (the others are space): see useChatFollow. All of them when absent. */
  rows?: RowWindow;
  setList?: (el: HTMLOListElement | null) => void;
  /** A row a jump went to, highlighted. */
  flashKey?: string | null;
}

function ItemView({ item, canAnswer, onRespond }: { item: TimelineItem; canAnswer: boolean; onRespond: Respond }) {
  const { t } = useTranslation('remote');
  switch (item.kind) {
    case 'user':
      return <UserBubble text={item.text} clientMsgId={item.clientMsgId} />;
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

/** A row renders again only when its item changed (the timeline keeps unchanged items' identity). */
const Row = memo(ItemView);

/** The latest `fn` behind a function that never changes (so memoized rows are not re-rendered for a new closure). */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The conversation's rows, only those in `rows` (a bottom margin each, so measured heights include the gap). */
export function TimelineView({ items, pending, canAnswer, onRespond, onDiscard, rows: given, setList, flashKey }: TimelineProps) {
  const { t } = useTranslation('remote');
  const rows = given ?? { start: 0, end: items.length, padTop: 0, padBottom: 0, measure: () => undefined };
  const respond = useStableCallback(onRespond);
  return (
    <ol ref={setList} aria-live="polite" data-testid="timeline" style={{ paddingTop: rows.padTop, paddingBottom: rows.padBottom }}>
      {items.slice(rows.start, rows.end).map((item) => (
        <li
          key={item.key}
          ref={rows.measure}
          className={`pb-3 ${flashKey === item.key ? '[&>*]:ring-2 [&>*]:ring-primary/60 [&>*]:rounded-box' : ''}`}
          data-key={item.key}
          data-seq={item.seq}
          data-kind={item.kind}
        >
          <Row item={item} canAnswer={canAnswer} onRespond={respond} />
        </li>
      ))}
      {pending.map((q) => (
        <li key={q.clientMsgId} className="pb-3" data-kind="pending">
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

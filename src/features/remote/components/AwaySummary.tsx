import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { SessionEvent } from '#protocol/remote';

import { type AwaySummary, summarizeAway } from '../model/awaySummary';
import type { Timeline } from '../model/timeline';

/**
 * Notes the session's last seq when the page goes to the background (visibilitychange → hidden); back in the
 * foreground after events arrived meanwhile, returns their summary until dismissed. Another session clears it.
 * Events the page had only live when it came back (shown, not stored yet: their stored copies trail by up to the
 * relay's gathering time) join the summary as their stored copies arrive.
 */
export function useAwaySummary(
  sessionId: string | null,
  events: readonly SessionEvent[],
  timeline: Timeline,
  live: readonly { eventId: string }[] = [],
): { summary: AwaySummary | null; dismiss: () => void } {
  const lastSeq = events.at(-1)?.seq ?? 0;
  const latest = useRef({ sessionId, seq: lastSeq, live });
  useLayoutEffect(() => {
    latest.current = { sessionId, seq: lastSeq, live };
  }, [sessionId, lastSeq, live]);
  const [missed, setMissed] = useState<{ sessionId: string; fromSeq: number; toSeq: number; liveIds: ReadonlySet<string> } | null>(null);

  useEffect(() => {
    let hiddenAt: { sessionId: string | null; seq: number } | null = document.visibilityState === 'hidden' ? latest.current : null;
    const onChange = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = { ...latest.current };
        return;
      }
      const now = latest.current;
      const liveIds = new Set(now.live.map((e) => e.eventId));
      if (hiddenAt?.sessionId && hiddenAt.sessionId === now.sessionId && (now.seq > hiddenAt.seq || liveIds.size > 0))
        setMissed({ sessionId: now.sessionId, fromSeq: hiddenAt.seq, toSeq: now.seq, liveIds });
      hiddenAt = null;
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  const current = missed && missed.sessionId === sessionId ? missed : null;
  const summary = useMemo(() => {
    if (!current) return null;
    let toSeq = current.toSeq;
    for (const event of events) if (event.seq === toSeq + 1 && current.liveIds.has(event.eventId)) toSeq = event.seq;
    return toSeq > current.fromSeq ? summarizeAway(events, current.fromSeq, toSeq, timeline) : null;
  }, [current, events, timeline]);
  return { summary, dismiss: () => setMissed(null) };
}

function Chip({ testId, label, tone, onClick }: { testId: string; label: string; tone?: string; onClick: () => void }) {
  const { t } = useTranslation('remote');
  return (
    <li>
      <button
        type="button"
        className={`btn btn-xs h-auto min-h-7 gap-1 rounded-full py-1 font-normal ${tone ?? 'btn-ghost bg-base-200'}`}
        onClick={onClick}
        title={t('away.jump')}
        data-testid={testId}
      >
        {label}
        <span aria-hidden>↓</span>
      </button>
    </li>
  );
}

/** The "while you were away" card: each line jumps to what it counts. */
export function AwaySummaryCard({
  summary,
  onJump,
  onDismiss,
}: {
  summary: AwaySummary;
  onJump: (key: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('remote');
  const { tools, failures, approvals, files, messages, turn } = summary;
  return (
    <section
      className="rounded-box border border-base-300 bg-base-100/95 p-2.5 shadow-lg backdrop-blur"
      aria-label={t('away.title')}
      data-testid="away-summary"
      data-from-seq={summary.fromSeq}
      data-to-seq={summary.toSeq}
    >
      <div className="mb-1.5 flex items-center gap-2">
        <h3 className="flex-1 text-xs font-semibold uppercase tracking-wide text-base-content/70">{t('away.title')}</h3>
        <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={t('away.dismiss')} onClick={onDismiss}>
          ✕
        </button>
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {approvals && (
          <Chip
            testId="away-approvals"
            tone="btn-warning"
            label={t('away.approvals', { count: approvals.count })}
            onClick={() => onJump(approvals.jumpKey)}
          />
        )}
        {failures && (
          <Chip
            testId="away-failures"
            tone="btn-error btn-soft"
            label={t('away.failures', { count: failures.count })}
            onClick={() => onJump(failures.jumpKey)}
          />
        )}
        {tools && <Chip testId="away-tools" label={t('away.tools', { count: tools.count })} onClick={() => onJump(tools.jumpKey)} />}
        {files && (
          <Chip
            testId="away-files"
            label={`${t('away.files', { count: files.count })}${files.count <= 2 ? ` · ${files.paths.join(', ')}` : ''}`}
            onClick={() => onJump(files.jumpKey)}
          />
        )}
        {messages && (
          <Chip testId="away-messages" label={t('away.messages', { count: messages.count })} onClick={() => onJump(messages.jumpKey)} />
        )}
        {turn && (
          <Chip
            testId="away-turn"
            tone={turn.reason === 'completed' ? 'btn-success btn-soft' : 'btn-warning btn-soft'}
            label={turn.reason === 'completed' ? t('away.turnFinished') : t('away.turnEnded', { reason: t(`turnEnd.${turn.reason}`) })}
            onClick={() => onJump(turn.jumpKey)}
          />
        )}
      </ul>
    </section>
  );
}

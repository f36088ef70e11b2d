import type { PushKind, PushPayload, QuietHours, SessionEventBody } from '../../../protocol';
import type { Language } from '../../../protocol/languages';
import type { PushRepo } from '../../storage/repos/pushRepo';
import type { PushSubscriptionRow } from '../../storage/schema';
import { signAnswerToken } from './answerToken';
import { pushMessage, pushTexts } from './messages';
import { sendPush } from './sender';
import type { VapidKeys } from './vapid';

/** At most one push per session and kind in this window; a later state is sent at its end, replacing the earlier one. */
export const PUSH_COALESCE_MS = 10_000;

export interface PushSession {
  id: string;
  userId: string;
  title: string;
}

export interface PushNotifierDeps {
  repo: PushRepo;
  vapid: VapidKeys;
  answerKey: Uint8Array;
  now: () => Date;
  /** True when a window of this user is visible on any relay node (then nobody needs a push). */
  isWatching(userId: string): Promise<boolean>;
  coalesceMs?: number;
  onError(error: unknown): void;
}

interface Trigger {
  session: PushSession;
  kind: PushKind;
  approval?: { requestId: string; tool: string };
}

/** Which push a session event calls for, if any. */
export function triggerFor(session: PushSession, body: SessionEventBody): Trigger | null {
  if (body.type === 'permission_request') return { session, kind: 'approval', approval: { requestId: body.requestId, tool: body.tool } };
  if (body.type !== 'turn_end') return null;
  if (body.reason === 'completed') return { session, kind: 'turnDone' };
  if (body.reason === 'error' || body.reason === 'limit') return { session, kind: 'turnFailed' };
  return null;
}

/** True when `at` falls inside the quiet hours (in their time zone; a span may cross midnight). */
export function inQuietHours(quiet: QuietHours | null, at: Date): boolean {
  if (!quiet) return false;
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: quiet.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end ? local >= quiet.start && local < quiet.end : local >= quiet.start || local < quiet.end;
}

/**
 * Decides and sends pushes. Runs on the node that accepted the event (each CLI event is accepted once, on the node
 * its CLI is connected to), so a push goes out once however many nodes there are. Nothing is sent while any window
 * of the user is visible; per session and kind, one push per window of PUSH_COALESCE_MS, the latest state winning.
 */
export function createPushNotifier(deps: PushNotifierDeps) {
  const coalesceMs = deps.coalesceMs ?? PUSH_COALESCE_MS;
  const recent = new Map<string, { lastAt: number; pending: Trigger | null; timer: NodeJS.Timeout | null }>();

  /** Sends the push to every device that wants it; false when nobody was (someone is watching, or opted out). */
  async function deliver(trigger: Trigger): Promise<boolean> {
    const { session, kind } = trigger;
    if (await deps.isWatching(session.userId)) return false;
    const now = deps.now();
    const subscriptions = (await deps.repo.listForUser(session.userId)).filter(
      (s) => s.prefs[kind] && !inQuietHours(s.prefs.quietHours, now),
    );
    if (!subscriptions.length) return false;
    const badge = await deps.repo.pendingApprovals(session.userId);
    const token = trigger.approval
      ? await signAnswerToken(deps.answerKey, { userId: session.userId, sessionId: session.id, requestId: trigger.approval.requestId }, now)
      : null;
    await Promise.all(subscriptions.map((row) => sendOne(row, payloadFor(trigger, row.lang as Language, badge, token))));
    return true;
  }

  async function sendOne(row: PushSubscriptionRow, payload: PushPayload): Promise<void> {
    const outcome = await sendPush(deps.vapid, row, payload, {
      ttlSeconds: payload.kind === 'approval' ? 15 * 60 : 60 * 60,
      urgency: payload.kind === 'approval' ? 'high' : 'normal',
    });
    if (outcome === 'gone') await deps.repo.removeById(row.id);
    else if (outcome === 'sent') await deps.repo.markSuccess(row.id, deps.now());
  }

  /** Sends; when nothing went out, the window is not used up (the next event of this kind may push at once). */
  const run = (key: string, trigger: Trigger) => {
    void deliver(trigger)
      .then((sent) => {
        const entry = recent.get(key);
        if (!sent && entry && !entry.timer) recent.delete(key);
      })
      .catch(deps.onError);
  };

  return {
    /** A CLI event was stored (not a resend): push when it calls for one. */
    onSessionEvent(session: PushSession, body: SessionEventBody): void {
      const trigger = triggerFor(session, body);
      if (trigger) this.notify(trigger);
    },

    notify(trigger: Trigger): void {
      const key = `${trigger.session.id}:${trigger.kind}`;
      const now = Date.now();
      const entry = recent.get(key);
      if (!entry || now - entry.lastAt >= coalesceMs) {
        if (entry?.timer) clearTimeout(entry.timer);
        recent.set(key, { lastAt: now, pending: null, timer: null });
        run(key, trigger);
        return;
      }
      entry.pending = trigger;
      entry.timer ??= setTimeout(
        () => {
          recent.set(key, { lastAt: Date.now(), pending: null, timer: null });
          if (entry.pending) run(key, entry.pending);
        },
        entry.lastAt + coalesceMs - now,
      );
      entry.timer.unref();
    },

    close(): void {
      for (const entry of recent.values()) if (entry.timer) clearTimeout(entry.timer);
      recent.clear();
    },
  };
}
export type PushNotifier = ReturnType<typeof createPushNotifier>;

/** The short, translated payload of one push (no file contents, no commands). */
export function payloadFor(trigger: Trigger, lang: Language, badge: number, token: string | null): PushPayload {
  const { session, kind } = trigger;
  const message = pushMessage(lang, kind, { session: session.title, tool: trigger.approval?.tool ?? '' });
  const texts = pushTexts(lang);
  const url = trigger.approval
    ? `/remote?session=${encodeURIComponent(session.id)}&request=${encodeURIComponent(trigger.approval.requestId)}`
    : `/remote?session=${encodeURIComponent(session.id)}`;
  return {
    kind,
    tag: `${kind}:${session.id}`,
    ...message,
    url: lang === 'zh' ? `/zh${url}` : url,
    lang,
    badge,
    ...(trigger.approval &&
      token && {
        approval: { sessionId: session.id, requestId: trigger.approval.requestId, token, allowLabel: texts.allow, denyLabel: texts.deny },
      }),
  };
}

import {
  okAckSchema,
  type PushAnswerResult,
  type PushDecision,
  type SessionEventBody,
  type webEventContracts,
  WINDOW_VISIBILITY_EVENT,
} from '../../protocol';
import type { Language } from '../../protocol/languages';
import { answerKey, verifyAnswerToken } from '../core/push/answerToken';
import { pushTexts } from '../core/push/messages';
import { createPushNotifier, type PushNotifier, type PushSession } from '../core/push/notifier';
import { resolveVapidKeys, type VapidKeys } from '../core/push/vapid';
import { toSessionEvent } from '../core/remote/views';
import { answerPermission } from '../core/remote/webCommands';
import type { Database } from '../storage/database';
import { createPushRepo, type PushRepo } from '../storage/repos/pushRepo';
import type { WebConnection } from './connections';
import type { HubContext } from './hubContext';
import type { WebServerSocket } from './namespaces';
import type { Handler } from './socketEvents';

/** Sockets of a user's visible windows (any node; the adapter answers fetchSockets across nodes). */
export const visibleRoom = (userId: string) => `visible:${userId}`;

/** What the hub's handlers call (hubContext.ts `push`). */
export interface PushHooks {
  /** A CLI event was stored (not a resend). */
  onSessionEvent(session: PushSession, body: SessionEventBody): void;
  /** An instance went offline: its sessions that were mid-turn get a `cliOffline` push. */
  cliOffline(instanceId: string): Promise<void>;
}

export interface PushService extends PushHooks {
  repo: PushRepo;
  vapid: VapidKeys;
  notifier: PushNotifier;
  /** A `/web` window reports its page visibility. */
  registerWindow(conn: WebConnection): void;
  /** Applies an Allow / Deny from a notification; null when the token is not valid (forged, expired, not the user's). */
  answer(token: string, decision: PushDecision, lang: Language): Promise<PushAnswerResult | null>;
  close(): void;
}

export interface PushBridgeDeps {
  db: Database;
  env: {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
    PUBLIC_URL?: string | undefined;
  };
  coalesceMs?: number;
}

/** Push notifications on the hub (issue #14): window visibility, the notifier, and answers from notifications. */
export async function createPushBridge(ctx: HubContext, deps: PushBridgeDeps): Promise<PushService> {
  const repo = createPushRepo(deps.db);
  const vapid = await resolveVapidKeys(deps.env, repo);
  const key = answerKey(vapid.privateKey);
  const notifier = createPushNotifier({
    repo,
    vapid,
    answerKey: key,
    now: ctx.core.now,
    ...(deps.coalesceMs !== undefined && { coalesceMs: deps.coalesceMs }),
    // A node that does not answer in time counts as not watching: better one push too many than a missed approval.
    isWatching: async (userId) =>
      (
        await ctx.web
          .in(visibleRoom(userId))
          .fetchSockets()
          .catch(() => [])
      ).length > 0,
    onError: (error) => ctx.log.warn({ err: error }, 'push: sending failed'),
  });

  // One handler for every window (the router hands it the socket), not a closure per socket.
  const visibility: Handler<typeof webEventContracts, typeof WINDOW_VISIBILITY_EVENT, WebServerSocket> = async (input, socket) => {
    const room = visibleRoom(socket.data.userId);
    if (input.visible) await socket.join(room);
    else await socket.leave(room);
    return okAckSchema.parse({ ok: true });
  };

  return {
    repo,
    vapid,
    notifier,
    onSessionEvent(session, body) {
      notifier.onSessionEvent(session, body);
    },
    registerWindow(conn) {
      conn.router.on(WINDOW_VISIBILITY_EVENT, visibility);
    },

    async cliOffline(instanceId) {
      for (const session of await repo.sessionsMidTurn(instanceId)) notifier.notify({ session, kind: 'cliOffline' });
    },

    async answer(token, decision, lang) {
      const claims = await verifyAnswerToken(key, token, ctx.core.now());
      if (!claims) return null;
      const session = await ctx.core.repo.findOwnSession(claims.userId, claims.sessionId);
      if (!session) return null;
      // The token stands for the user's tap on this one request: it needs no workspace lock (no window is driving).
      const applied = await answerPermission(ctx.core, session, true, {
        sessionId: session.id,
        requestId: claims.requestId,
        decision,
        scope: 'once',
      });
      const texts = pushTexts(lang);
      const body = applied.event.body as { type: string; decision?: PushDecision };
      const stored: PushDecision = body.type === 'permission_response' && body.decision === 'deny' ? 'deny' : 'allow';
      if (!applied.command) return { outcome: 'already', decision: stored, title: texts.already, body: texts.alreadyBody[stored] };
      ctx.fanout.publish(toSessionEvent(applied.event));
      if (applied.session) ctx.touchSession(applied.session.id);
      await ctx.deliver(applied.command);
      return { outcome: 'applied', decision: stored, title: texts.applied[stored], body: session.title };
    },

    close() {
      notifier.close();
    },
  };
}

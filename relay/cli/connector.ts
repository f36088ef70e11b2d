import { hostname, platform } from 'node:os';
import path from 'node:path';

import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';

import {
  CLI_COMMANDS,
  CLI_EVENTS,
  REMOTE_PROTOCOL_VERSION,
  SOCKET_PATH,
  cliCommandSchemas,
  cliHelloAckSchema,
  type CliHello,
  type HandshakeErrorCode,
  handshakeErrorDataSchema,
  type PendingInput,
} from '../protocol/remote';
import type { AuthorizeResult, UsageHooks } from './agent/loop';
import type { ChatUsage } from './agent/modelClient';
import { cliVersion, NO_MODEL_NOTICE, type ModelConfig } from './config';
import { DeadLetters, type FlushResult } from './delivery';
import type { EventBody } from './events';
import { Outbox } from './outbox';
import { errCode, errMessage, OutboxPump, readAck, short, within } from './outboxPump';
import { loadStoredSessions, Session, type StoredSession } from './session';

export type ConnectorStatus = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

export interface ConnectorOptions {
  relayUrl: string;
  token: string;
  instanceId: string;
  home: string;
  cwd: string;
  model: ModelConfig | null;
  /** Status lines for the terminal. */
  log: (line: string) => void;
  /** The relay refused the token (revoked / unknown): the caller pairs again. */
  onUnauthorized: (reason: string) => void;
  /** The relay refused this CLI for good (another protocol version, a handshake it cannot parse): the caller exits. */
  onFatal?: (reason: string) => void;
  /** `/login-link` inside a session. */
  loginLink?: () => Promise<string>;
  /**
   * Keep the outbox in `$TERN_HOME/outbox-<instanceId>.jsonl` (default true), and the events the relay refused for
   * good in `outbox-<instanceId>.dead.jsonl` next to it.
   */
  persistOutbox?: boolean;
  ackTimeoutMs?: number;
  usageTimeoutMs?: number;
  reconnectDelayMs?: number;
  reconnectDelayMaxMs?: number;
}

/**
 * The `/cli` connection: handshake, `cli:hello`, the relay's commands, the ordered outbox of session events, usage
 * hooks, and reconnection forever with backoff.
 */
export class Connector {
  readonly sessions = new Map<string, Session>();
  readonly outbox: Outbox;
  private readonly pump: OutboxPump;
  status: ConnectorStatus = 'connecting';
  private socket: Socket | null = null;
  private helloDone = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempt = 0;
  private readonly startedAt = new Date().toISOString();
  private readonly seenCommandIds = new Set<string>();
  private readonly unsentReports: Array<{ requestId: string; model: string } & ChatUsage> = [];
  private readonly usageWarned = new Set<string>();
  private relayAutoApprove = new Map<string, boolean>();
  private wasConnected = false;
  private unreachableLogged = false;

  constructor(private readonly options: ConnectorOptions) {
    const persist = options.persistOutbox ?? true;
    const outboxFile = path.join(options.home, `outbox-${options.instanceId}.jsonl`);
    const deadLetterName = `outbox-${options.instanceId}.dead.jsonl`;
    this.outbox = persist ? new Outbox(outboxFile, { deadLetters: new DeadLetters(path.join(options.home, deadLetterName)) }) : new Outbox();
    this.pump = new OutboxPump(this.outbox, {
      socket: () => (this.connected ? this.socket : null),
      ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
      deadLetterName,
      log: options.log,
    });
    for (const stored of loadStoredSessions(options.home, options.instanceId)) {
      if (!stored.active) continue;
      const session = this.newSession(stored.id, stored.autoApprove, stored);
      this.sessions.set(stored.id, session);
      session.closeInterruptedTurn();
    }
  }

  /** The underlying socket (tests use it to simulate a dropped connection). */
  get transport(): Socket | null {
    return this.socket;
  }

  get connected(): boolean {
    return this.socket?.connected === true && this.helloDone;
  }

  start(): void {
    const o = this.options;
    this.status = 'connecting';
    o.log(`Connecting to ${o.relayUrl} …`);
    const socket = io(`${o.relayUrl}/cli`, {
      path: SOCKET_PATH,
      auth: { token: o.token, instanceId: o.instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: o.reconnectDelayMs ?? 1000,
      reconnectionDelayMax: o.reconnectDelayMaxMs ?? 15_000,
      randomizationFactor: 0.3,
      timeout: 10_000,
    });
    this.socket = socket;

    socket.io.on('reconnect_attempt', (attempt) => {
      if (attempt % 5 === 0) o.log(`Still reconnecting to ${o.relayUrl} (attempt ${attempt}) …`);
    });
    socket.on('connect', () => {
      this.reconnectAttempt = 0;
      this.unreachableLogged = false;
      void this.hello();
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      if (this.stopped) return;
      const code = handshakeCode(error);
      const detail = error.message.replace(/^[A-Z_]+:\s*/, '');
      if (code === 'UNAUTHORIZED') {
        this.fail(`the relay refused this CLI's token (${detail})`);
        return;
      }
      if (code === 'PROTOCOL_VERSION' || code === 'BAD_HANDSHAKE') {
        this.fatal(code === 'PROTOCOL_VERSION' ? `the relay speaks another protocol version (${detail})` : `the relay refused the handshake (${detail})`);
        return;
      }
      this.status = 'reconnecting';
      if (!this.unreachableLogged) {
        this.unreachableLogged = true;
        o.log(`Relay unreachable (${error.message}); retrying with backoff …`);
      }
      // A refusal in the relay's middleware (other than UNAUTHORIZED, e.g. INTERNAL) stops socket.io's own retries.
      if (!socket.active) this.scheduleManualReconnect();
    });
    socket.on('disconnect', (reason) => {
      this.helloDone = false;
      if (this.stopped) return;
      this.status = 'reconnecting';
      o.log(`Disconnected from the relay (${reason}); reconnecting …`);
      if (reason === 'io server disconnect') this.scheduleManualReconnect();
    });
    socket.on(CLI_COMMANDS.authRevoked, () => this.fail('this CLI was unpaired (token revoked)'));
    for (const type of Object.keys(cliCommandSchemas) as Array<keyof typeof cliCommandSchemas>) {
      socket.on(type, (payload: unknown, ack?: (value: unknown) => void) => {
        const result = this.command(type, payload, null);
        if (typeof ack === 'function') ack(result);
      });
    }
  }

  private scheduleManualReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const base = this.options.reconnectDelayMs ?? 1000;
    const max = this.options.reconnectDelayMaxMs ?? 15_000;
    const delay = Math.min(max, base * 2 ** Math.min(this.reconnectAttempt++, 10)) * (0.85 + Math.random() * 0.3);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped && this.socket && !this.socket.connected && !this.socket.active) this.socket.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private fail(reason: string): void {
    if (this.stopped) return;
    this.options.log(`Unauthorized: ${reason}.`);
    void this.stop();
    this.options.onUnauthorized(reason);
  }

  private fatal(reason: string): void {
    if (this.stopped) return;
    this.options.log(`Cannot connect: ${reason}.`);
    void this.stop();
    (this.options.onFatal ?? this.options.onUnauthorized)(reason);
  }

  private async hello(): Promise<void> {
    const socket = this.socket;
    if (!socket || this.stopped) return;
    const o = this.options;
    const hello: CliHello = {
      env: {
        platform: platform(),
        hostname: hostname() || 'unknown',
        cwd: o.cwd,
        nodeVersion: process.version,
        cliVersion: cliVersion(),
        startedAt: this.startedAt,
      },
      sessions: [...this.sessions.values()]
        .filter((s) => s.active)
        .map((s) => ({ id: s.id, title: s.title.slice(0, 500), createdAt: s.createdAt })),
    };
    let raw: unknown;
    try {
      raw = await socket.timeout(o.ackTimeoutMs ?? 10_000).emitWithAck(CLI_EVENTS.hello, hello);
    } catch {
      if (socket.connected) setTimeout(() => void this.hello(), 2000).unref();
      return;
    }
    const parsed = cliHelloAckSchema.safeParse(raw);
    if (!parsed.success) {
      o.log(`The relay answered cli:hello unexpectedly: ${JSON.stringify(raw).slice(0, 300)}`);
      if (socket.connected) setTimeout(() => void this.hello(), 5000).unref();
      return;
    }
    const ack = parsed.data;
    if (!ack.ok) {
      o.log(`cli:hello refused: ${ack.error.code} ${ack.error.message}`);
      if (ack.error.code === 'UNAUTHORIZED') this.fail(ack.error.message);
      else if (socket.connected) setTimeout(() => void this.hello(), 5000).unref();
      return;
    }
    this.helloDone = true;
    this.status = 'connected';
    this.relayAutoApprove = new Map(ack.sessions.map((s) => [s.id, s.autoApprove]));
    for (const s of ack.sessions) this.sessions.get(s.id)?.setAutoApprove(s.autoApprove);
    o.log(`${this.wasConnected ? 'Reconnected' : 'Connected'} — instance ${o.instanceId} (${this.sessions.size} session(s)). Open the remote console to use it.`);
    this.wasConnected = true;
    for (const pending of ack.pendingInputs) this.pending(pending);
    if (ack.pendingInputs.length) void this.confirmTaken(socket, ack.pendingInputs.map((p) => p.commandId));
    // A new connection: the head is tried at once rather than after the rest of its backoff.
    this.outbox.retryNow();
    void this.flush();
    this.resendReports();
  }

  private pending(input: PendingInput): void {
    if (this.seenCommandIds.has(input.commandId)) return;
    this.seenCommandIds.add(input.commandId);
    this.command(input.type, input.payload, input.commandId);
  }

  /**
   * `commands:taken`: the relay marks hand-over commands delivered only now. Without an answer they stay pending and
   * come again with the next hello, where the dedupe (command ids, clientMsgId, requestId, sessionId) makes them
   * harmless.
   */
  private async confirmTaken(socket: Socket, commandIds: string[]): Promise<void> {
    let raw: unknown;
    try {
      raw = await socket.timeout(this.options.ackTimeoutMs ?? 10_000).emitWithAck(CLI_EVENTS.commandsTaken, { commandIds });
    } catch {
      return;
    }
    const ack = readAck(raw);
    if (!ack.ok) this.options.log(`commands:taken refused: ${errCode(ack)} ${errMessage(ack)}`);
  }

  /** Applies one relay command (live or pending). Returns the ack. */
  command(type: string, payload: unknown, _commandId: string | null): { ok: true } | { ok: false; error: { code: 'BAD_REQUEST' | 'NOT_FOUND'; message: string } } {
    if (!Object.hasOwn(cliCommandSchemas, type)) return { ok: false, error: { code: 'BAD_REQUEST', message: `unknown command ${type}` } };
    const schema = cliCommandSchemas[type as keyof typeof cliCommandSchemas] as z.ZodType;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return { ok: false, error: { code: 'BAD_REQUEST', message: parsed.error.issues[0]?.message ?? 'invalid payload' } };
    const data = parsed.data as { sessionId: string } & Record<string, unknown>;
    switch (type) {
      case CLI_COMMANDS.sessionCreate: {
        if (!this.sessions.has(data.sessionId)) {
          const session = this.newSession(data.sessionId, data.autoApprove === true);
          this.sessions.set(session.id, session);
          this.options.log(`New session ${short(session.id)}.`);
          const model = this.options.model;
          session.emit(
            model
              ? {
                  type: 'notice',
                  level: 'info',
                  text: `Ready in ${this.options.cwd} — model ${model.model}. Type /help for commands.`,
                  code: 'cli.ready',
                  params: { cwd: this.options.cwd, model: model.model },
                }
              : { type: 'notice', level: 'warning', text: NO_MODEL_NOTICE, code: 'cli.noModel' },
          );
          session.save();
        }
        return { ok: true };
      }
      case CLI_COMMANDS.sessionInput: {
        const session = this.sessionFor(data.sessionId);
        const text = String(data.text);
        if (session.input(String(data.clientMsgId), text)) {
          this.options.log(`[${short(session.id)}] ${text.length > 100 ? text.slice(0, 97) + '…' : text}`);
        }
        return { ok: true };
      }
      case CLI_COMMANDS.sessionPermission: {
        const session = this.sessions.get(data.sessionId);
        // An unknown or already-answered request is acked (the relay must not resend it) and ignored.
        session?.answerPermission(String(data.requestId), data.decision === 'allow' ? 'allow' : 'deny', data.scope === 'session' ? 'session' : 'once');
        return { ok: true };
      }
      case CLI_COMMANDS.sessionInterrupt: {
        const session = this.sessions.get(data.sessionId);
        if (session?.busy) this.options.log(`[${short(session.id)}] interrupted`);
        session?.interrupt();
        return { ok: true };
      }
      case CLI_COMMANDS.sessionSettings: {
        const session = this.sessionFor(data.sessionId);
        session.setAutoApprove(data.autoApprove === true);
        return { ok: true };
      }
      default:
        return { ok: false, error: { code: 'BAD_REQUEST', message: `unknown command ${type}` } };
    }
  }

  private sessionFor(sessionId: string): Session {
    let session = this.sessions.get(sessionId);
    if (!session) {
      // A session the relay knows and this process does not (created while it was away, or an earlier run).
      session = this.newSession(sessionId, this.relayAutoApprove.get(sessionId) ?? false);
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  private newSession(id: string, autoApprove: boolean, stored?: StoredSession): Session {
    const o = this.options;
    return new Session(
      {
        home: o.home,
        cwd: o.cwd,
        instanceId: o.instanceId,
        model: o.model,
        emit: (sessionId, body) => this.enqueue(sessionId, body),
        meta: (sessionId, meta) => {
          this.outbox.addMeta(sessionId, meta);
          void this.flush();
        },
        usage: this.usageHooks,
        ...(o.loginLink && { loginLink: o.loginLink }),
      },
      { id, autoApprove, ...(stored && { stored }) },
    );
  }

  private enqueue(sessionId: string, body: EventBody): void {
    this.outbox.addEvent(sessionId, body);
    if (body.type === 'turn_end') this.options.log(`[${short(sessionId)}] turn ended (${body.reason})`);
    if (body.type === 'permission_request') this.options.log(`[${short(sessionId)}] waiting for permission: ${body.summary}`);
    void this.flush();
  }

  /** Sends what the outbox holds (OutboxPump); the integration tests call it after adding items by hand. */
  flush(): Promise<FlushResult> {
    return this.pump.flush();
  }

  // ---- usage ------------------------------------------------------------------------------------------------------

  private warnUsageOnce(key: string, line: string): void {
    if (this.usageWarned.has(key)) return;
    this.usageWarned.add(key);
    this.options.log(line);
  }

  readonly usageHooks: UsageHooks = {
    authorize: async (model): Promise<AuthorizeResult> => {
      const socket = this.socket;
      if (!socket || !this.connected) return { ok: true };
      let raw: unknown;
      try {
        raw = await socket.timeout(this.options.usageTimeoutMs ?? 5000).emitWithAck(CLI_EVENTS.usageAuthorize, { model });
      } catch {
        this.warnUsageOnce('authorize', 'usage:authorize got no answer from the relay; continuing without it.');
        return { ok: true };
      }
      const ack = readAck(raw);
      if (ack.ok) return { ok: true };
      const code = errCode(ack);
      if (code === 'RATE_LIMITED' || code === 'QUOTA_EXCEEDED') {
        const retry = ack.error?.retryAfterSeconds ?? ack.retryAfterSeconds;
        return { ok: false, code, message: errMessage(ack) || code, ...(retry !== undefined && { retryAfterSeconds: retry }) };
      }
      this.warnUsageOnce('authorize', `usage:authorize is not available on the relay (${code} ${errMessage(ack)}); continuing without it.`);
      return { ok: true };
    },
    report: async (report) => {
      await this.sendReport(report);
    },
  };

  private async sendReport(report: { requestId: string; model: string } & ChatUsage): Promise<void> {
    const socket = this.socket;
    if (!socket || !this.connected) {
      this.unsentReports.push(report);
      return;
    }
    let raw: unknown;
    try {
      raw = await socket.timeout(this.options.usageTimeoutMs ?? 5000).emitWithAck(CLI_EVENTS.usageReport, report);
    } catch {
      this.unsentReports.push(report);
      this.warnUsageOnce('report', 'usage:report got no answer from the relay; it will be resent after a reconnect.');
      return;
    }
    const ack = readAck(raw);
    if (!ack.ok) this.warnUsageOnce('report', `usage:report is not available on the relay (${errCode(ack)} ${errMessage(ack)}); continuing without it.`);
  }

  private resendReports(): void {
    const reports = this.unsentReports.splice(0, this.unsentReports.length);
    for (const report of reports) void this.sendReport(report);
  }

  // ---- shutdown ---------------------------------------------------------------------------------------------------

  /** Interrupts running turns, gives the outbox a moment to drain, and closes the socket. */
  async stop(drainMs = 0): Promise<void> {
    if (this.stopped) return;
    if (drainMs > 0) {
      for (const s of this.sessions.values()) s.interrupt();
      const end = Date.now() + drainMs;
      await within(Promise.all([...this.sessions.values()].map((s) => s.idle())), drainMs);
      await this.pump.drain(end);
    }
    this.stopped = true;
    this.status = 'stopped';
    this.pump.stop();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const s of this.sessions.values()) {
      s.interrupt();
      s.save();
    }
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }
}

/** The code of a refused handshake: `err.data.code`, or (older relays) the `CODE:` prefix of the message. */
export function handshakeCode(error: Error & { data?: unknown }): HandshakeErrorCode | null {
  const parsed = handshakeErrorDataSchema.safeParse(error.data);
  if (parsed.success) return parsed.data.code;
  const prefix = /^([A-Z_]+):/.exec(error.message)?.[1];
  const fromMessage = handshakeErrorDataSchema.safeParse({ code: prefix });
  return fromMessage.success ? fromMessage.data.code : null;
}

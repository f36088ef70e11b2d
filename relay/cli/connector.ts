import { hostname, platform } from 'node:os';
import path from 'node:path';

import { io } from 'socket.io-client';

import { COMMANDS_TOOK } from '../protocol/receipts';
import {
  CLI_COMMANDS,
  CLI_EVENTS,
  type CliHello,
  type OkAck,
  type PendingInput,
  REMOTE_PROTOCOL_VERSION,
  SOCKET_PATH,
} from '../protocol/remote';
import type { CliCommandName } from '../protocol/remoteEvents';
import { WIRE_QUERY, wireParser } from '../protocol/wireParser';
import { type CliSocket, handshakeCode, request } from './acks';
import { applyCommand, type CommandHandlers, commandHandlers } from './commands';
import { cliVersion, type ModelConfig } from './config';
import { DeadLetters, type FlushResult } from './delivery';
import type { EventBody } from './events';
import { EVENT_WINDOW, Outbox } from './outbox';
import { OutboxPump, short, within } from './outboxPump';
import { answerCommand, TookReceipts } from './receipts';
import { RelayUsage } from './relayUsage';
import { loadStoredSessions, Session, SLASH_COMMANDS, type StoredSession } from './session';
import { beforeWrite, coalesceWrites, sendBundles } from './writeCoalescing';

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
  private socket: CliSocket | null = null;
  private helloDone = false;
  /** This connection's relay took the CLI's event window (`cli:hello` ack `eventWindow`). */
  private eventWindow = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempt = 0;
  private readonly startedAt = new Date().toISOString();
  private readonly seenCommandIds = new Set<string>();
  /** `usage:authorize` / `usage:report` for the sessions' agent loops. */
  readonly usageHooks: RelayUsage;
  private readonly handlers: CommandHandlers;
  private relayAutoApprove = new Map<string, boolean>();
  private wasConnected = false;
  private unreachableLogged = false;
  /** Commands taken with a receipt, told on the next event or in a `commands:took` notice (receipts.ts). */
  private readonly receipts = new TookReceipts((took) => {
    // Never buffered for a later connection: its receipts would mean nothing there (cleared at disconnect anyway).
    if (this.socket?.connected) this.socket.emit(COMMANDS_TOOK, { took });
  }, beforeWrite);

  constructor(private readonly options: ConnectorOptions) {
    const persist = options.persistOutbox ?? true;
    const outboxFile = path.join(options.home, `outbox-${options.instanceId}.jsonl`);
    const deadLetterName = `outbox-${options.instanceId}.dead.jsonl`;
    this.outbox = persist
      ? new Outbox(outboxFile, { deadLetters: new DeadLetters(path.join(options.home, deadLetterName)) })
      : new Outbox();
    this.pump = new OutboxPump(this.outbox, {
      socket: () => (this.connected ? this.socket : null),
      ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
      took: () => this.receipts.take(),
      window: () => (this.eventWindow ? EVENT_WINDOW : 1),
      deadLetterName,
      log: options.log,
    });
    this.usageHooks = new RelayUsage({
      socket: () => (this.connected ? this.socket : null),
      timeoutMs: options.usageTimeoutMs ?? 5000,
      log: options.log,
    });
    this.handlers = commandHandlers({
      sessions: this.sessions,
      newSession: (id, autoApprove) => this.newSession(id, autoApprove),
      sessionFor: (sessionId) => this.sessionFor(sessionId),
      forget: (sessionId) => this.forget(sessionId),
      cwd: options.cwd,
      model: options.model,
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
  get transport(): CliSocket | null {
    return this.socket;
  }

  get connected(): boolean {
    return this.socket?.connected === true && this.helloDone;
  }

  start(): void {
    const o = this.options;
    this.status = 'connecting';
    o.log(`Connecting to ${o.relayUrl} …`);
    const socket: CliSocket = io(`${o.relayUrl}/cli`, {
      path: SOCKET_PATH,
      auth: { token: o.token, instanceId: o.instanceId, protocolVersion: REMOTE_PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: o.reconnectDelayMs ?? 1000,
      reconnectionDelayMax: o.reconnectDelayMaxMs ?? 15_000,
      randomizationFactor: 0.3,
      timeout: 10_000,
      parser: wireParser,
      // The relay may send several packets in one message: wireParser's decoder splits them.
      query: WIRE_QUERY,
    });
    this.socket = socket;
    // A command's ack and the events answering it, or a burst of streamed events, go out in one write per turn.
    coalesceWrites(socket);

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
        this.fatal(
          code === 'PROTOCOL_VERSION'
            ? `the relay speaks another protocol version (${detail})`
            : `the relay refused the handshake (${detail})`,
        );
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
      this.eventWindow = false;
      this.receipts.forget();
      if (this.stopped) return;
      this.status = 'reconnecting';
      o.log(`Disconnected from the relay (${reason}); reconnecting …`);
      if (reason === 'io server disconnect') this.scheduleManualReconnect();
    });
    socket.on(CLI_COMMANDS.authRevoked, () => this.fail('this CLI was unpaired (token revoked)'));
    socket.on(CLI_COMMANDS.sessionCreate, this.take(CLI_COMMANDS.sessionCreate));
    socket.on(CLI_COMMANDS.sessionInput, this.take(CLI_COMMANDS.sessionInput));
    socket.on(CLI_COMMANDS.sessionPermission, this.take(CLI_COMMANDS.sessionPermission));
    socket.on(CLI_COMMANDS.sessionInterrupt, this.take(CLI_COMMANDS.sessionInterrupt));
    socket.on(CLI_COMMANDS.sessionSettings, this.take(CLI_COMMANDS.sessionSettings));
    socket.on(CLI_COMMANDS.sessionRename, this.take(CLI_COMMANDS.sessionRename));
    socket.on(CLI_COMMANDS.sessionDelete, this.take(CLI_COMMANDS.sessionDelete));
    socket.on(CLI_COMMANDS.sessionModel, this.take(CLI_COMMANDS.sessionModel));
  }

  /** The listener of a live command: the payload is checked by `command` (it comes from the network). */
  private take(type: CliCommandName) {
    return (payload: unknown, ackOrReceipt?: unknown) => answerCommand(ackOrReceipt, this.command(type, payload, null), this.receipts);
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
      ...(o.model && { models: o.model.models ?? [o.model.model] }),
      commands: SLASH_COMMANDS,
      receipts: true,
      eventWindow: true,
    };
    const ack = await request(CLI_EVENTS.hello, (e) => socket.timeout(o.ackTimeoutMs ?? 10_000).emitWithAck(e, hello));
    if (!ack) {
      if (socket.connected) setTimeout(() => void this.hello(), 2000).unref();
      return;
    }
    if ('unexpected' in ack) {
      o.log(`The relay answered cli:hello unexpectedly: ${JSON.stringify(ack.raw).slice(0, 300)}`);
      if (socket.connected) setTimeout(() => void this.hello(), 5000).unref();
      return;
    }
    if (!ack.ok) {
      o.log(`cli:hello refused: ${ack.error.code} ${ack.error.message}`);
      if (ack.error.code === 'UNAUTHORIZED') this.fail(ack.error.message);
      else if (socket.connected) setTimeout(() => void this.hello(), 5000).unref();
      return;
    }
    this.helloDone = true;
    this.status = 'connected';
    if (ack.bundles) sendBundles(socket);
    this.eventWindow = ack.eventWindow === true;
    this.relayAutoApprove = new Map(ack.sessions.map((s) => [s.id, s.autoApprove]));
    for (const s of ack.sessions) this.sessions.get(s.id)?.setAutoApprove(s.autoApprove);
    o.log(
      `${this.wasConnected ? 'Reconnected' : 'Connected'} — instance ${o.instanceId} (${this.sessions.size} session(s)). Open the remote console to use it.`,
    );
    this.wasConnected = true;
    for (const pending of ack.pendingInputs) this.pending(pending);
    if (ack.pendingInputs.length)
      void this.confirmTaken(
        socket,
        ack.pendingInputs.map((p) => p.commandId),
      );
    // A new connection: the head is tried at once rather than after the rest of its backoff.
    this.outbox.retryNow();
    void this.flush();
    this.usageHooks.resendReports();
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
  private async confirmTaken(socket: CliSocket, commandIds: string[]): Promise<void> {
    const ack = await request(CLI_EVENTS.commandsTaken, (e) =>
      socket.timeout(this.options.ackTimeoutMs ?? 10_000).emitWithAck(e, { commandIds }),
    );
    if (ack && !ack.ok) this.options.log(`commands:taken refused: ${ack.error.code} ${ack.error.message}`);
  }

  /** Applies one relay command (live or pending; commands.ts). Returns the ack. */
  command(type: string, payload: unknown, _commandId: string | null): OkAck {
    return applyCommand(type, payload, this.handlers);
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

  private forget(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    this.sessions.delete(sessionId);
    session?.discard();
    this.outbox.dropSession(sessionId);
    return session !== undefined;
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

/**
 * The relay's usage hooks for the agent loop: `usage:authorize` before every model request and `usage:report` after
 * it. A relay without them (or one that does not answer) never blocks a turn; reports it did not get are kept and sent
 * again after the next `cli:hello`.
 */
import { CLI_EVENTS } from '../protocol/remote';
import { type CliSocket, request } from './acks';
import type { AuthorizeResult, UsageHooks } from './agent/loop';
import type { ChatUsage } from './agent/modelClient';

type UsageReport = { requestId: string; model: string } & ChatUsage;

export interface RelayUsageDeps {
  /** The socket when connected and past `cli:hello`, else null. */
  socket: () => CliSocket | null;
  timeoutMs: number;
  log: (line: string) => void;
}

export class RelayUsage implements UsageHooks {
  private readonly unsentReports: UsageReport[] = [];
  private readonly warned = new Set<string>();

  constructor(private readonly deps: RelayUsageDeps) {}

  async authorize(model: string): Promise<AuthorizeResult> {
    const socket = this.deps.socket();
    if (!socket) return { ok: true };
    const ack = await request(CLI_EVENTS.usageAuthorize, (e) => socket.timeout(this.deps.timeoutMs).emitWithAck(e, { model }));
    if (!ack) {
      this.warnOnce('authorize', 'usage:authorize got no answer from the relay; continuing without it.');
      return { ok: true };
    }
    if (ack.ok) return { ok: true };
    const { code, message, retryAfterSeconds } = ack.error;
    if (code === 'RATE_LIMITED' || code === 'QUOTA_EXCEEDED') {
      return { ok: false, code, message: message || code, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) };
    }
    this.warnOnce('authorize', `usage:authorize is not available on the relay (${code} ${message}); continuing without it.`);
    return { ok: true };
  }

  async report(report: UsageReport): Promise<void> {
    const socket = this.deps.socket();
    if (!socket) {
      this.unsentReports.push(report);
      return;
    }
    const ack = await request(CLI_EVENTS.usageReport, (e) => socket.timeout(this.deps.timeoutMs).emitWithAck(e, report));
    if (!ack) {
      this.unsentReports.push(report);
      this.warnOnce('report', 'usage:report got no answer from the relay; it will be resent after a reconnect.');
      return;
    }
    if (!ack.ok)
      this.warnOnce(
        'report',
        `usage:report is not available on the relay (${ack.error.code} ${ack.error.message}); continuing without it.`,
      );
  }

  /** Sends the reports kept while offline (after a successful `cli:hello`). */
  resendReports(): void {
    for (const report of this.unsentReports.splice(0, this.unsentReports.length)) void this.report(report);
  }

  private warnOnce(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.deps.log(line);
  }
}

import { randomUUID } from 'node:crypto';

import type { PermissionPreview } from '../../protocol/remote';
import type { EventBody, PermissionDecision, PermissionScope } from '../events';

export interface PermissionAsk {
  tool: string;
  toolCallId: string;
  summary: string;
  input: unknown;
  /** What the approval card shows: the diff, the command and its directory, or the URL. */
  preview?: PermissionPreview;
  /** The sub-agent that asks (absent for the main agent). */
  agentId?: string;
}

interface Pending {
  resolve: (decision: PermissionDecision | 'interrupted') => void;
  tool: string;
}

/**
 * Asks the user (through the relay) before a tool writes or executes. `session:settings { autoApprove }` skips
 * asking; an "allow for this session" answer skips asking for that tool from then on.
 */
export class PermissionGate {
  autoApprove = false;
  private readonly sessionAllowed = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private readonly decided = new Set<string>();

  constructor(private readonly emit: (body: EventBody) => void) {}

  isPreApproved(tool: string): boolean {
    return this.autoApprove || this.sessionAllowed.has(tool);
  }

  async request(ask: PermissionAsk, signal?: AbortSignal): Promise<PermissionDecision | 'interrupted'> {
    if (this.isPreApproved(ask.tool)) return 'allow';
    if (signal?.aborted) return 'interrupted';
    const requestId = randomUUID();
    const decision = new Promise<PermissionDecision | 'interrupted'>((resolve) => {
      this.pending.set(requestId, { resolve, tool: ask.tool });
    });
    this.emit({
      type: 'permission_request',
      requestId,
      toolCallId: ask.toolCallId,
      ...(ask.agentId && { agentId: ask.agentId }),
      tool: ask.tool,
      summary: ask.summary,
      input: ask.input,
      ...(ask.preview && { preview: ask.preview }),
    });
    const onAbort = () => this.settle(requestId, 'interrupted');
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await decision;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Applies an answer from the browser. Returns false for an unknown or already-answered request. Emits nothing: the
   * relay persisted the `permission_response` when the browser answered (docs/protocol.md §3).
   */
  answer(requestId: string, decision: PermissionDecision, scope: PermissionScope): boolean {
    const pending = this.pending.get(requestId);
    if (!pending) return false;
    if (decision === 'allow' && scope === 'session') this.sessionAllowed.add(pending.tool);
    this.settle(requestId, decision);
    return true;
  }

  /** Whether a request was answered (or is waiting), for deduplicating answers. */
  knows(requestId: string): boolean {
    return this.pending.has(requestId) || this.decided.has(requestId);
  }

  hasPending(): boolean {
    return this.pending.size > 0;
  }

  private settle(requestId: string, decision: PermissionDecision | 'interrupted'): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    this.decided.add(requestId);
    pending.resolve(decision);
  }
}

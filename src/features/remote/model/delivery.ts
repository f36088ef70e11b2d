import type { SessionEvent } from '#protocol/remote';

import type { QueuedInput } from './inputQueue';

/**
 * Where a message the user typed stands (issue #13, item 5): queued on this device (the outbox) → at the relay (its
 * `user_message` is stored) → at the CLI (`input_status: received`, waiting behind the running turn) → turn started
 * (`input_status: started`). `dropped`: an interrupt cleared it at the CLI before it ran; `failed`: the relay refused it.
 */
export type DeliveryStage = 'device' | 'relay' | 'cli' | 'started' | 'dropped' | 'failed';

const rank: Record<DeliveryStage, number> = { failed: 0, device: 0, relay: 1, cli: 2, started: 3, dropped: 3 };
const fromStatus = { received: 'cli', started: 'started', dropped: 'dropped' } as const;

/**
 * The stage of each stored user message of a session, by clientMsgId, from its events. A stage only moves forward. A
 * CLI older than `input_status` never reports one: a message stored before the session's first `input_status` whose
 * turn has ended since (a later `turn_end`) counts as started.
 */
export function deliveryStages(events: readonly SessionEvent[]): Map<string, DeliveryStage> {
  const stages = new Map<string, DeliveryStage>();
  const stored: { clientMsgId: string; seq: number }[] = [];
  let firstStatus = Infinity;
  let lastTurnEnd = 0;
  for (const { body, seq } of events) {
    if (body.type === 'user_message') {
      if (!stages.has(body.clientMsgId)) stages.set(body.clientMsgId, 'relay');
      stored.push({ clientMsgId: body.clientMsgId, seq });
    } else if (body.type === 'input_status') {
      firstStatus = Math.min(firstStatus, seq);
      const next = fromStatus[body.status];
      const current = stages.get(body.clientMsgId);
      if (current && rank[next] > rank[current]) stages.set(body.clientMsgId, next);
    } else if (body.type === 'turn_end') lastTurnEnd = seq;
  }
  for (const { clientMsgId, seq } of stored) {
    if (seq < firstStatus && seq < lastTurnEnd && stages.get(clientMsgId) === 'relay') stages.set(clientMsgId, 'started');
  }
  return stages;
}

/** The stage of an outbox entry: on this device until the relay acknowledged it (then at the relay), or failed. */
export const queuedStage = (status: QueuedInput['status']): DeliveryStage =>
  status === 'failed' ? 'failed' : status === 'stored' ? 'relay' : 'device';

/** Messages that have not reached the CLI yet: still on this device, or stored at the relay only. */
export function awaitingCli(stages: ReadonlyMap<string, DeliveryStage>, pending: readonly QueuedInput[]): number {
  let count = pending.filter((q) => q.status !== 'failed').length;
  for (const stage of stages.values()) if (stage === 'relay') count++;
  return count;
}

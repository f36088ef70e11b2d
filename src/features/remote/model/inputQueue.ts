/**
 * Input typed into a session that the relay has not stored yet. Each entry keeps its clientMsgId, so a resend after a
 * reconnect is idempotent on the relay (it returns the same seq, never a second message).
 */
export interface QueuedInput {
  clientMsgId: string;
  sessionId: string;
  text: string;
  /**
   * queued: waiting for a connection; sending: emitted, no ack yet; stored: the relay acknowledged it and its
   * `user_message` is on its way to this page (the entry goes when it arrives); failed: the relay refused it.
   */
  status: 'queued' | 'sending' | 'stored' | 'failed';
  error?: string;
}

export type InputQueue = readonly QueuedInput[];

export function enqueue(queue: InputQueue, input: Omit<QueuedInput, 'status'>): InputQueue {
  if (queue.some((q) => q.clientMsgId === input.clientMsgId)) return queue;
  return [...queue, { ...input, status: 'queued' }];
}

/** The entries to send now for a session, oldest first (one at a time keeps the order on the relay). */
export function nextToSend(queue: InputQueue, sessionId: string): QueuedInput | null {
  const first = queue.find((q) => q.sessionId === sessionId && q.status !== 'failed' && q.status !== 'stored');
  return first && first.status === 'queued' ? first : null;
}

export function markSending(queue: InputQueue, clientMsgId: string): InputQueue {
  return queue.map((q) => (q.clientMsgId === clientMsgId ? { ...q, status: 'sending' } : q));
}

/** The relay acknowledged it: shown as at the relay until its stored user_message arrives (then `settle`). */
export function markStored(queue: InputQueue, clientMsgId: string): InputQueue {
  return queue.map((q) => (q.clientMsgId === clientMsgId ? { ...q, status: 'stored' } : q));
}

/** The relay acknowledged (or the stored user_message came back): the entry is done. */
export function settle(queue: InputQueue, clientMsgIds: Iterable<string>): InputQueue {
  const done = new Set(clientMsgIds);
  return done.size === 0 ? queue : queue.filter((q) => !done.has(q.clientMsgId));
}

export function markFailed(queue: InputQueue, clientMsgId: string, error: string): InputQueue {
  return queue.map((q) => (q.clientMsgId === clientMsgId ? { ...q, status: 'failed', error } : q));
}

/** An input sent without an ack that went unanswered goes back to waiting (to be sent again). */
export function requeue(queue: InputQueue, clientMsgId: string): InputQueue {
  return queue.map((q) => (q.clientMsgId === clientMsgId && q.status === 'sending' ? { ...q, status: 'queued' } : q));
}

/** After a disconnect, anything in flight goes back to waiting. */
export function requeueInFlight(queue: InputQueue): InputQueue {
  return queue.some((q) => q.status === 'sending') ? queue.map((q) => (q.status === 'sending' ? { ...q, status: 'queued' } : q)) : queue;
}

export function discard(queue: InputQueue, clientMsgId: string): InputQueue {
  return queue.filter((q) => q.clientMsgId !== clientMsgId);
}

/**
 * The outbox a previous visit left (what it was sending goes back to waiting: the relay dedupes by clientMsgId),
 * followed by anything typed since this page opened that the cache did not hold.
 */
export function restoreQueue(cached: InputQueue, current: InputQueue): InputQueue {
  const restored = new Set(cached.map((q) => q.clientMsgId));
  return [...requeueInFlight(cached), ...current.filter((q) => !restored.has(q.clientMsgId))];
}

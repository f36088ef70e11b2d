import { describe, expect, it, vi } from 'vitest';

import type { EventAppend, EventAppendOutcome } from '../../storage/repos/remote/eventBatchRepo';
import type { RemoteRepo } from '../../storage/repos/remoteRepo';
import type { CliCommandRow } from '../../storage/schema';
import type { RemoteCoreDeps } from './deps';
import { createGroupCommit } from './groupCommit';
import { Handover } from './handover';
import { appendEvent } from './sessions';
import { type Applied, sendInput } from './webCommands';

const session = { id: '00000000-0000-4000-8000-000000000001', instanceId: '00000000-0000-4000-8000-000000000002' };
const input = { sessionId: session.id, clientMsgId: '00000000-0000-4000-8000-000000000003', text: 'hello' };
const head = { id: session.id, userId: 'u', title: 't' };

/**
 * The use case's deps with a group commit over a statement stand-in (no database): it records each batch and answers
 * its appends as stored with seqs from 1, or as resends of stored events (`duplicates`). `addCommand` records the
 * commands kept for the CLI.
 */
function deps(duplicates = false) {
  const batches: EventAppend[][] = [];
  const kept: unknown[] = [];
  let seq = 0;
  const run = async (items: readonly EventAppend[]): Promise<EventAppendOutcome[]> => {
    batches.push([...items]);
    return items.map((item) => ({ event: { ...item, seq: ++seq }, session: head, duplicate: duplicates }));
  };
  const repo = {
    addCommand: async (command: { id: string }) => {
      kept.push(command);
      return { ...command, delivered: false } as unknown as CliCommandRow;
    },
  } as unknown as RemoteRepo;
  const core: RemoteCoreDeps = {
    repo,
    events: createGroupCommit(run, 0),
    now: () => new Date(1_000),
    options: {} as RemoteCoreDeps['options'],
  };
  return { core, batches, kept };
}

describe('sendInput with an early hand-over', () => {
  it('answers through `then`, in the commit, with the command taken by the CLI and nothing kept', async () => {
    const { core, batches, kept } = deps();
    const then = vi.fn((applied: Applied) => ({ seq: applied.event.seq, command: applied.command }));
    const early = vi.fn(() => Handover.settled(true));
    await expect(sendInput(core, session, true, input, { early }, then)).resolves.toEqual({ seq: 1, command: null });
    expect(then).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledTimes(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]![0]!.body).toEqual({ type: 'user_message', clientMsgId: input.clientMsgId, text: 'hello' });
    expect(kept).toEqual([]);
  });

  it("runs `then` in the commit's order: before the answer of an event queued after the input in the same batch", async () => {
    // The hub publishes an event's stored copy in its `then` (the input's) and its answer (a CLI event's): in the
    // commit's order, the windows get them in seq order, with no gap to wait out (fanout.ts `ahead`).
    const { core, batches } = deps();
    const order: string[] = [];
    const sending = sendInput(core, session, true, input, { early: () => Handover.settled(true) }, (applied) => {
      order.push(`input ${applied.event.seq}`);
    });
    const answer = {
      sessionId: session.id,
      eventId: '00000000-0000-4000-8000-000000000004',
      body: { type: 'notice' },
      at: new Date(2_000),
    };
    const answering = appendEvent(core, answer, false, (result) => void order.push(`answer ${result.event.seq}`));
    await Promise.all([sending, answering]);
    expect(batches).toHaveLength(1);
    expect(order).toEqual(['input 1', 'answer 2']);
  });

  it('without `then` answers what was applied', async () => {
    const { core } = deps();
    const applied = await sendInput(core, session, true, input, { early: () => Handover.settled(true) });
    expect(applied.event.seq).toBe(1);
    expect(applied.duplicate).toBe(false);
    expect(applied.command).toBeNull();
    await expect(applied.handedOver).resolves.toBe(true);
  });

  it('keeps the command for the next hello when the CLI did not take it', async () => {
    const { core, kept } = deps();
    const then = vi.fn((applied: Applied) => applied.command?.id);
    const eventId = await sendInput(core, session, true, input, { early: () => Handover.settled(false) }, then);
    expect(kept).toHaveLength(1);
    expect(eventId).toBe((kept[0] as { id: string }).id);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('keeps the command once the hand-over has waited HANDOVER_WAIT_MS without an answer from the CLI', async () => {
    const { core, kept } = deps();
    const applied = await sendInput(core, session, true, input, { early: () => new Handover() });
    expect(kept).toHaveLength(1);
    expect(applied.command).not.toBeNull();
  });

  it('answers a resend of a stored input with its seq, keeping nothing', async () => {
    const { core, kept } = deps(true);
    const applied = await sendInput(core, session, true, input, { early: () => Handover.settled(false) });
    expect(applied.duplicate).toBe(true);
    expect(applied.command).toBeNull();
    expect(kept).toEqual([]);
  });

  it('a hand-over that throws fails the input once its append is committed, rather than leaving it unheard', async () => {
    const { core, batches } = deps();
    const then = vi.fn();
    const early = () => {
      throw new Error('hand-over failed');
    };
    await expect(sendInput(core, session, true, input, { early }, then)).rejects.toThrow('hand-over failed');
    // The input was queued before the hand-over, and committed: a resend finds it stored.
    expect(batches).toHaveLength(1);
    expect(then).not.toHaveBeenCalled();
  });

  it('a `then` that throws fails the input', async () => {
    const { core } = deps();
    const then = () => {
      throw new Error('ack failed');
    };
    await expect(sendInput(core, session, true, input, { early: () => Handover.settled(true) }, then)).rejects.toThrow('ack failed');
  });
});

/**
 * The session list's touches over the sockets (sessionTouches.ts): a session with a new message is sent to the owner's
 * windows within SESSION_TOUCH_MS, its row read when sent; one deleted meanwhile is not sent again.
 */
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { CLI_COMMANDS, CLI_EVENTS, WEB_EVENTS, WEB_PUSH } from '../../protocol';
import { connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';
import { SESSION_TOUCH_MS } from './sessionTouches';

const shared = sharedTestRelay();
const { track } = shared;

/** A CLI and a window attached to it with a new session; the window's session pushes in the order they came. */
async function pair(email: string) {
  const { user, instanceId, cli } = await connectCli(shared.relay, { email, ackCommands: false, track });
  cli.on(CLI_COMMANDS.sessionCreate, (_p: unknown, ack: (r: unknown) => void) => ack({ ok: true }));
  cli.on(CLI_COMMANDS.sessionDelete, (_p: unknown, ack: (r: unknown) => void) => ack({ ok: true }));
  const web = track(await connect(webSocket(shared.relay, user.jwt)));
  expect((await request(web, WEB_EVENTS.instanceAttach, { instanceId })).ok).toBe(true);
  const created = await request(web, WEB_EVENTS.sessionCreate, { instanceId, clientRequestId: randomUUID() });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const sessionId: string = created.session.id;
  const pushes: Array<{ kind: 'updated'; lastMessage: string | null } | { kind: 'deleted' }> = [];
  web.on(WEB_PUSH.sessionUpdated, (p: { session: { id: string; lastMessage: string | null } }) => {
    if (p.session.id === sessionId) pushes.push({ kind: 'updated', lastMessage: p.session.lastMessage });
  });
  web.on(WEB_PUSH.sessionDeleted, (p: { sessionId: string }) => {
    if (p.sessionId === sessionId) pushes.push({ kind: 'deleted' });
  });
  const answer = async (text: string) => {
    const body = { type: 'assistant_message', messageId: randomUUID(), text };
    const stored = await request(cli, CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body });
    expect(stored.ok, JSON.stringify(stored)).toBe(true);
  };
  return { web, sessionId, pushes, answer };
}

describe('session touches over the sockets', () => {
  it('sends a session with new messages once per interval, with its latest preview', async () => {
    const s = await pair('touch-sent@example.com');
    await s.answer('first');
    await s.answer('second');
    await waitFor(() => s.pushes.length > 0, 3 * SESSION_TOUCH_MS, 'the session’s touch');
    // Both messages in one interval: one push, with the later preview.
    await new Promise((resolve) => setTimeout(resolve, SESSION_TOUCH_MS / 2));
    expect(s.pushes).toEqual([{ kind: 'updated', lastMessage: 'second' }]);
  });

  it('does not send a session deleted after its message and before the touch flush', async () => {
    const s = await pair('touch-deleted@example.com');
    await s.answer('about to go');
    const deleted = await request(s.web, WEB_EVENTS.sessionDelete, { sessionId: s.sessionId });
    expect(deleted.ok, JSON.stringify(deleted)).toBe(true);
    await waitFor(() => s.pushes.some((p) => p.kind === 'deleted'), 3000, 'session:deleted');
    // Past the flush the message scheduled: the row it would have sent is the deleted session's.
    await new Promise((resolve) => setTimeout(resolve, SESSION_TOUCH_MS + 500));
    expect(s.pushes.slice(s.pushes.findIndex((p) => p.kind === 'deleted'))).toEqual([{ kind: 'deleted' }]);
  });
});

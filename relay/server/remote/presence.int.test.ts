import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { instancesListAckSchema, WEB_EVENTS, WEB_PUSH } from '../../protocol';
import { collect, connect, connectCli, request, waitFor, webSocket } from '../testing/remoteClients';
import { sharedTestRelay } from '../testing/sharedRelay';

/**
 * Presence timing with an injected grace: a CLI socket that closes is offline after the grace (and not before), one
 * that stops answering heartbeats (half-open) is dropped by the ping timeout and offline at once, without the grace.
 */
const GRACE_MS = 1_500;
const shared = sharedTestRelay({ remote: { presenceGraceMs: GRACE_MS, pingIntervalMs: 200, pingTimeoutMs: 300, revocationCheckMs: 200 } });
const { track } = shared;

let n = 0;
async function setup() {
  const email = `presence${++n}@example.com`;
  const { user, instanceId, cli } = await connectCli(shared.relay, { email, tokenLabel: `presence-host${n}`, ackCommands: false, track });
  const web = track(await connect(webSocket(shared.relay, user.jwt, randomUUID())));
  const online = async () => {
    const list = instancesListAckSchema.parse(await request(web, WEB_EVENTS.instancesList, {}));
    return list.ok && list.instances.find((i) => i.id === instanceId)?.online === true;
  };
  const updates = collect(web, WEB_PUSH.instanceUpdated) as Array<{ instance: { id: string; online: boolean } }>;
  const offlineUpdate = () => updates.some((u) => u.instance.id === instanceId && !u.instance.online);
  return { cli, online, offlineUpdate };
}

describe('presence', () => {
  it('a closed CLI socket is offline after the grace, not before', async () => {
    const s = await setup();
    expect(await s.online()).toBe(true);
    const closedAt = Date.now();
    s.cli.io.reconnection(false);
    s.cli.io.engine.close(); // the connection goes away as when the process is killed: no namespace disconnect
    await waitFor(s.offlineUpdate, GRACE_MS + 3_000, 'offline update');
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS);
    expect(await s.online()).toBe(false);
  });

  it('a half-open CLI socket is dropped by the heartbeat and offline without the grace', async () => {
    const s = await setup();
    // The CLI stops answering pings (its end of the connection is gone, the relay's is not).
    const engine = s.cli.io.engine as unknown as { _sendPacket: (type: string, ...rest: unknown[]) => void };
    const send = engine._sendPacket.bind(engine);
    engine._sendPacket = (type, ...rest) => (type === 'pong' ? undefined : send(type, ...rest));
    s.cli.io.reconnection(false);
    // Ping timeout (200 + 300 ms here) with no grace after it: well before the 1.5 s grace could have run out.
    await waitFor(s.offlineUpdate, GRACE_MS, 'offline update after missed heartbeats');
    expect(await s.online()).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';

import { createEngineFlusher } from './turnFlush';

/** A stand-in for an engine.io connection: `flush()` on its prototype hands the write buffer to the transport. */
class FakeConnection {
  writeBuffer: string[] = [];
  transport = { name: 'websocket', writable: true };
  readonly log: string[];
  readonly socket = {
    cork: () => this.log.push('cork'),
    uncork: () => this.log.push('uncork'),
  };
  constructor(log: string[]) {
    this.log = log;
  }
  send(packet: string): void {
    this.writeBuffer.push(packet);
    this.flush();
  }
  flush(): void {
    if (!this.transport.writable || this.writeBuffer.length === 0) return;
    this.log.push(`write ${this.writeBuffer.join('+')}`);
    this.writeBuffer = [];
    const then = this.onFlushed;
    this.onFlushed = undefined;
    then?.();
  }
  onFlushed?: () => void;
}

const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A flusher with one adopted connection; `holdMs`: how long `lazily` holds (HOLD_MS when not given). */
function setup(holdMs?: number) {
  const log: string[] = [];
  const flusher = createEngineFlusher<FakeConnection>((conn) => conn.socket, undefined, holdMs);
  const conn = new FakeConnection(log);
  flusher.adopt(conn);
  return { log, flusher, conn };
}

describe('turn flusher (one socket write per connection and turn)', () => {
  it('holds what a turn queues and hands it to the transport once, at the end of the turn, with the socket corked', async () => {
    const { log, flusher, conn } = setup();
    conn.send('ack');
    conn.send('event');
    expect(log).toEqual([]);
    expect(flusher.pending(conn)).toBe(true);
    await endOfTurn();
    expect(log).toEqual(['cork', 'write ack+event', 'uncork']);
    expect(flusher.pending(conn)).toBe(false);
  });

  it('a flush with nothing queued (the transport ready again after a write) writes nothing at the end of the turn', async () => {
    const { log, flusher, conn } = setup();
    conn.flush();
    expect(flusher.pending(conn)).toBe(false);
    await endOfTurn();
    expect(log).toEqual([]);
  });

  it('flushes at once on another transport (long-polling)', () => {
    const { log, conn } = setup();
    conn.transport.name = 'polling';
    conn.send('a');
    expect(log).toEqual(['write a']);
  });

  it('runs end-of-turn tasks first, so what they send joins the same write', async () => {
    const { log, flusher, conn } = setup();
    conn.send('ack');
    flusher.beforeFlush(() => conn.send('notices'));
    await endOfTurn();
    expect(log).toEqual(['cork', 'write ack+notices', 'uncork']);
  });

  it('a connection that was not writable keeps its packets for its next flush, in order', async () => {
    const { log, conn } = setup();
    conn.transport.writable = false;
    conn.send('one');
    await endOfTurn();
    expect(log).toEqual(['cork', 'uncork']);
    conn.transport.writable = true;
    conn.send('two');
    await endOfTurn();
    expect(log.slice(2)).toEqual(['cork', 'write one+two', 'uncork']);
  });

  it('what is queued while the turn is being written goes out in the next turn, not lost', async () => {
    const { log, flusher, conn } = setup();
    const other = new FakeConnection(log);
    flusher.adopt(other);
    // engine.io emits 'drain' from its flush: a listener there may send on another connection.
    conn.onFlushed = () => other.send('late');
    conn.send('first');
    await endOfTurn();
    expect(log).toEqual(['cork', 'write first', 'uncork']);
    expect(flusher.pending(other)).toBe(true);
    await endOfTurn();
    expect(log.slice(3)).toEqual(['cork', 'write late', 'uncork']);
  });

  it('a failing end-of-turn task does not keep the turn from being written', async () => {
    const errors: unknown[] = [];
    const log: string[] = [];
    const flusher = createEngineFlusher<FakeConnection>(
      (conn) => conn.socket,
      (error) => errors.push(error),
    );
    const conn = new FakeConnection(log);
    flusher.adopt(conn);
    conn.send('ack');
    flusher.beforeFlush(() => {
      throw new Error('boom');
    });
    await endOfTurn();
    expect(log).toEqual(['cork', 'write ack', 'uncork']);
    expect(errors).toHaveLength(1);
  });

  it('flushNow writes one connection’s packets, or the whole turn, at once (before a close that drops them)', async () => {
    const { log, flusher, conn } = setup();
    const other = new FakeConnection(log);
    flusher.adopt(other);
    conn.send('bye');
    other.send('x');
    flusher.flushNow(conn);
    expect(log).toEqual(['cork', 'write bye', 'uncork']);
    flusher.beforeFlush(() => other.send('y'));
    flusher.flushNow();
    expect(log.slice(3)).toEqual(['cork', 'write x+y', 'uncork']);
    await endOfTurn();
    expect(log).toHaveLength(6);
  });

  it('every adopted connection shares one flush function (no closure per connection)', () => {
    const { flusher, conn } = setup();
    const other = new FakeConnection([]);
    flusher.adopt(other);
    expect(Object.hasOwn(conn, 'flush')).toBe(true);
    expect(conn.flush).toBe(other.flush);
  });

  describe('held packets (lazily)', () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    it('go out with the connection’s next write, in order, not at the end of their own turn', async () => {
      const { log, flusher, conn } = setup(40);
      flusher.lazily(() => conn.send('ack'));
      expect(flusher.pending(conn)).toBe(true);
      await endOfTurn();
      expect(log).toEqual([]);
      conn.send('live');
      await endOfTurn();
      expect(log).toEqual(['cork', 'write ack+live', 'uncork']);
      expect(flusher.pending(conn)).toBe(false);
    });

    it('go out when the hold ends if nothing else is written', async () => {
      const { log, flusher, conn } = setup(30);
      flusher.lazily(() => conn.send('ack'));
      await wait(10);
      expect(log).toEqual([]);
      await wait(40);
      expect(log).toEqual(['cork', 'write ack', 'uncork']);
      expect(flusher.pending(conn)).toBe(false);
    });

    it('each connection is held for the full hold from its first held packet, whenever others were held', async () => {
      const { log, flusher, conn } = setup(40);
      const other = new FakeConnection(log);
      flusher.adopt(other);
      flusher.lazily(() => conn.send('first'));
      await wait(25);
      flusher.lazily(() => other.send('second'));
      flusher.lazily(() => conn.send('first again'));
      await wait(30);
      expect(log).toEqual(['cork', 'write first+first again', 'uncork']);
      await wait(30);
      expect(log.slice(3)).toEqual(['cork', 'write second', 'uncork']);
    });

    it('join a write the connection gets this turn anyway, without waiting', async () => {
      const { log, flusher, conn } = setup(40);
      conn.send('live');
      flusher.lazily(() => conn.send('ack'));
      await endOfTurn();
      expect(log).toEqual(['cork', 'write live+ack', 'uncork']);
    });

    it('only hold what is sent inside lazily: other connections write at the end of the turn', async () => {
      const { log, flusher, conn } = setup(40);
      const other = new FakeConnection(log);
      flusher.adopt(other);
      flusher.lazily(() => conn.send('ack'));
      other.send('event');
      await endOfTurn();
      expect(log).toEqual(['cork', 'write event', 'uncork']);
      expect(flusher.lazily(() => 7)).toBe(7);
      expect(() =>
        flusher.lazily(() => {
          throw new Error('boom');
        }),
      ).toThrow('boom');
      other.send('after a throw');
      await endOfTurn();
      expect(log.slice(3)).toEqual(['cork', 'write after a throw', 'uncork']);
    });

    it('flushNow writes them at once (before a close that drops the write buffer)', () => {
      const { log, flusher, conn } = setup(40);
      flusher.lazily(() => conn.send('ack'));
      flusher.flushNow(conn);
      expect(log).toEqual(['cork', 'write ack', 'uncork']);
      flusher.lazily(() => conn.send('again'));
      flusher.flushNow();
      expect(log.slice(3)).toEqual(['cork', 'write again', 'uncork']);
    });
  });
});

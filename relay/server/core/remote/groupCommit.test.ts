import { afterEach, describe, expect, it, vi } from 'vitest';

import type { EventAppend, EventAppendOutcome } from '../../storage/repos/remote/eventBatchRepo';
import { ChainBroken, createGroupCommit, MAX_BATCH, SPACED_SESSION_MAX } from './groupCommit';

const append = (eventId: string, sessionId = 's'): EventAppend => ({ sessionId, eventId, body: { type: 'notice' }, at: new Date(0) });

/** A statement stand-in that records each batch's event ids and answers every append as stored. */
function recorder() {
  const batches: string[][] = [];
  const run = async (items: readonly EventAppend[]) => {
    batches.push(items.map((i) => i.eventId));
    return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
  };
  return { batches, run };
}

describe('group commit delay', () => {
  afterEach(() => void vi.useRealTimers());

  it('holds the first append for the delay so later ones share its statement', async () => {
    vi.useFakeTimers();
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 1_000);
    const first = commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([]);
    const second = commit.append(append('b'));
    await vi.advanceTimersByTimeAsync(500);
    expect(batches).toEqual([['a', 'b']]);
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('an urgent append cuts the delay short, taking what waits with it', async () => {
    vi.useFakeTimers();
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 1_000);
    void commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(10);
    const urgent = commit.append(append('b'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b']]);
    await urgent;
    // Alone, an urgent append does not wait either; without a delay nothing does.
    void commit.append(append('c'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a', 'b'], ['c']]);
    const none = createGroupCommit(run, 0);
    void none.append(append('d'));
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.at(-1)).toEqual(['d']);
  });

  it('starts a statement no sooner than the delay after the last one started, unless an urgent append waits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const batches: string[][] = [];
    // Statements that take 200 ms: quicker than the 1,000 ms delay.
    const run = async (items: readonly EventAppend[]) => {
      batches.push(items.map((i) => i.eventId));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
    };
    const commit = createGroupCommit(run, 1_000);
    void commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(1_100); // [a] started at 1,000 and runs until 1,200
    void commit.append(append('b'));
    await vi.advanceTimersByTimeAsync(400); // 1,500: [a] is done; b waits for company
    void commit.append(append('c'));
    await vi.advanceTimersByTimeAsync(499);
    expect(batches).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1); // 2,000: a second after [a] started
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await vi.advanceTimersByTimeAsync(300); // 2,300: [b, c] is done
    void commit.append(append('d'));
    await vi.advanceTimersByTimeAsync(200);
    expect(batches).toHaveLength(2);
    void commit.append(append('e'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });
});

describe('group commit spacing', () => {
  afterEach(() => void vi.useRealTimers());

  /** Statements that take `ms` each (fake time), recording each batch's event ids. */
  function slowRecorder(ms: number) {
    const batches: string[][] = [];
    const run = async (items: readonly EventAppend[]) => {
      batches.push(items.map((i) => i.eventId));
      await new Promise((resolve) => setTimeout(resolve, ms));
      return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
    };
    return { batches, run };
  }

  /** A group commit (100 ms delay, 300 ms statements, fake time) whose first statement, [first], runs from 100 to 400. */
  async function firstRunning() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const { batches, run } = slowRecorder(300);
    const commit = createGroupCommit(run, 100);
    void commit.append(append('first'));
    await vi.advanceTimersByTimeAsync(100);
    return { batches, commit };
  }

  it('spaces statements by twice the last one’s duration when that is longer than the delay, so more appends share one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const { batches, run } = slowRecorder(300);
    const commit = createGroupCommit(run, 100);
    void commit.append(append('a'));
    await vi.advanceTimersByTimeAsync(100); // [a] starts at 100 and takes 300 ms
    void commit.append(append('b'));
    await vi.advanceTimersByTimeAsync(300); // 400: [a] done; the delay alone would have let [b] start at 200
    void commit.append(append('c'));
    await vi.advanceTimersByTimeAsync(299);
    expect(batches).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1); // 700: twice 300 ms after [a] started
    expect(batches).toEqual([['a'], ['b', 'c']]);
    // With a spacing of 1 the next statement may start as soon as the last one is done.
    const { batches: eager, run: eagerRun } = slowRecorder(300);
    const tight = createGroupCommit(eagerRun, 100, 1);
    void tight.append(append('x'));
    await vi.advanceTimersByTimeAsync(100);
    void tight.append(append('y'));
    await vi.advanceTimersByTimeAsync(300);
    expect(eager).toEqual([['x'], ['y']]);
  });

  it('starts at once when a full batch waits or an urgent append does, whatever the spacing', async () => {
    const { batches, commit } = await firstRunning();
    for (let i = 0; i < MAX_BATCH + 1; i++) void commit.append(append(`n${i}`));
    await vi.advanceTimersByTimeAsync(300); // 400: [first] done, a full batch waits: it starts now
    expect(batches.map((b) => b.length)).toEqual([1, MAX_BATCH]);
    await vi.advanceTimersByTimeAsync(300); // 700: the full batch is done; one append is left, which waits
    expect(batches).toHaveLength(2);
    void commit.append(append('urgent'), true);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.at(-1)).toEqual([`n${MAX_BATCH}`, 'urgent']);
  });

  it('holds back at most SPACED_SESSION_MAX appends of one session: that many start at once, after the statement running or cutting the wait short', async () => {
    const { batches, commit } = await firstRunning();
    for (let i = 0; i < SPACED_SESSION_MAX - 1; i++) void commit.append(append(`a${i}`));
    await vi.advanceTimersByTimeAsync(300); // 400: [first] done; one short of the bound, they wait out the spacing
    expect(batches).toHaveLength(1);
    void commit.append(append('last'));
    await vi.advanceTimersByTimeAsync(1); // the bound reached: they go now, not at 700
    expect(batches.map((b) => b.length)).toEqual([1, SPACED_SESSION_MAX]);
    expect(batches[1]!.at(-1)).toBe('last');
    // While a statement runs, what reaches the bound goes as soon as it is done, without the spacing.
    for (let i = 0; i < SPACED_SESSION_MAX; i++) void commit.append(append(`b${i}`));
    await vi.advanceTimersByTimeAsync(300); // ~701: the second statement is done
    expect(batches.map((b) => b.length)).toEqual([1, SPACED_SESSION_MAX, SPACED_SESSION_MAX]);
    // Fewer wait out the spacing again: twice 300 ms after the third statement started.
    void commit.append(append('alone'));
    await vi.advanceTimersByTimeAsync(400);
    expect(batches).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(300);
    expect(batches.at(-1)).toEqual(['alone']);
  });

  it('holds back appends of many sessions, a few each, however many they are (up to a full batch)', async () => {
    const { batches, commit } = await firstRunning();
    for (let i = 0; i < 2 * SPACED_SESSION_MAX; i++) void commit.append(append(`m${i}`, `session${i % 100}`));
    await vi.advanceTimersByTimeAsync(300); // 400: done; three appends at most per session, so they wait
    expect(batches).toHaveLength(1);
    // One session reaching the bound among them takes them all, at once.
    for (let i = 0; i < SPACED_SESSION_MAX; i++) void commit.append(append(`busy${i}`, 'busy'));
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.length)).toEqual([1, 3 * SPACED_SESSION_MAX]);
  });
});

describe('group commit idle', () => {
  afterEach(() => void vi.useRealTimers());

  it('resolves at once with nothing queued', async () => {
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 1_000);
    await commit.idle();
    expect(batches).toEqual([]);
  });

  it('commits what waits out the delay or the spacing at once, with what is appended meanwhile, then resolves', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const batches: string[][] = [];
    const settled: string[] = [];
    // Statements that take 300 ms each (fake time).
    const run = async (items: readonly EventAppend[]) => {
      batches.push(items.map((i) => i.eventId));
      await new Promise((resolve) => setTimeout(resolve, 300));
      return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
    };
    const commit = createGroupCommit(run, 1_000);
    const track = (id: string) => void commit.append(append(id)).then(() => settled.push(id));
    track('a'); // waits out the 1,000 ms delay
    await vi.advanceTimersByTimeAsync(10);
    let idle = false;
    const waiting = commit.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a']]); // at once, not at 1,000 ms
    track('b'); // appended while [a] runs: taken next, without the spacing's 600 ms
    await vi.advanceTimersByTimeAsync(300);
    expect(batches).toEqual([['a'], ['b']]);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    await waiting;
    // Told after every append queued before it was idle had settled.
    expect(settled).toEqual(['a', 'b']);
    // Afterwards the delay applies again.
    track('c');
    await vi.advanceTimersByTimeAsync(999);
    expect(batches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(301);
    expect(batches.at(-1)).toEqual(['c']);
  });
});

describe('group commit answers', () => {
  it("resolves each append with its answer made from the outcome; an answer's throw rejects that append alone", async () => {
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 0);
    const eventIdOf = (o: EventAppendOutcome) => ('event' in o ? o.event.eventId : 'unknown');
    const refuse = (): never => {
      throw new Error('refused by its answer');
    };
    const mapped = commit.append(append('a'), false, eventIdOf);
    const refused = commit.append(append('b'), false, refuse);
    const plain = commit.append(append('c'));
    await expect(mapped).resolves.toBe('a');
    await expect(refused).rejects.toThrow('refused by its answer');
    await expect(plain).resolves.toMatchObject({ event: { eventId: 'c' } });
    // One statement for the three: the answers run after it, not as statements of their own.
    expect(batches).toEqual([['a', 'b', 'c']]);
  });
});

describe('group commit appendThen', () => {
  it('tells each append its outcome in the hand-out, in order; a failing statement is retried alone per append', async () => {
    const batches: string[][] = [];
    const run = async (items: readonly EventAppend[]) => {
      batches.push(items.map((i) => i.eventId));
      // The database refuses any statement holding `bad`.
      if (items.some((i) => i.eventId === 'bad')) throw new Error('refused');
      return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
    };
    const commit = createGroupCommit(run, 0);
    const told: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const id of ['a', 'bad', 'c', 'd'])
      commit.appendThen(append(id), false, (outcome, error) => {
        told.push(outcome && 'event' in outcome ? outcome.event.eventId : `${id}: ${(error as Error).message}`);
        // A caller that throws anyway is logged; the others still hear theirs.
        if (id === 'c') throw new Error('caller fault');
      });
    await commit.idle();
    expect(batches).toEqual([['a', 'bad', 'c', 'd'], ['a'], ['bad'], ['c'], ['d']]);
    expect(told).toEqual(['a', 'bad: refused', 'c', 'd']);
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('tells the outcomes of one batch in the same turn, before any promise reaction of it runs', async () => {
    const { run } = recorder();
    const commit = createGroupCommit(run, 0);
    const order: string[] = [];
    const promised = commit.append(append('a')).then(() => order.push('promise a'));
    commit.appendThen(append('b'), false, () => void order.push('callback b'));
    await promised;
    // The promise's reaction waits for a turn of the microtask queue; the callback is told in the hand-out itself.
    expect(order).toEqual(['callback b', 'promise a']);
  });
});

describe('group commit chains (a windowed CLI: remote/eventWindows.ts)', () => {
  it('after an append of a chain fails, its later appends are not tried (ChainBroken), in its batch nor queued behind it', async () => {
    const batches: string[][] = [];
    let release: (() => void) | null = null;
    const run = async (items: readonly EventAppend[]) => {
      batches.push(items.map((i) => i.eventId));
      // The first statement waits until told, so more appends queue behind it.
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      if (items.some((i) => i.eventId === 'bad')) throw new Error('the database failed');
      return items.map((i) => ({ event: { eventId: i.eventId }, duplicate: false }) as unknown as EventAppendOutcome);
    };
    const commit = createGroupCommit(run, 0);
    const chain = {};
    const other = {};
    const told: string[] = [];
    const tell = (id: string) => (outcome: EventAppendOutcome | undefined, error?: unknown) =>
      void told.push(outcome ? id : `${id}: ${error instanceof ChainBroken ? 'chain broken' : (error as Error).message}`);
    commit.appendThen(append('a'), false, tell('a'), chain);
    commit.appendThen(append('bad'), false, tell('bad'), chain);
    commit.appendThen(append('c'), false, tell('c'), chain);
    commit.appendThen(append('x'), false, tell('x'), other);
    commit.appendThen(append('y'), false, tell('y'));
    await new Promise((r) => setImmediate(r));
    // Queued while the first statement runs: "d" of the broken chain, "z" of another.
    commit.appendThen(append('d'), false, tell('d'), chain);
    commit.appendThen(append('z'), false, tell('z'), other);
    release!();
    await commit.idle();
    // Retried alone: "a", then "bad" (fails), not "c"; the other chain and the unchained append as usual.
    expect(batches).toEqual([['a', 'bad', 'c', 'x', 'y'], ['a'], ['bad'], ['x'], ['y'], ['z']]);
    expect(told).toEqual(['a', 'bad: the database failed', 'c: chain broken', 'x', 'y', 'd: chain broken', 'z']);
  });

  it('a chain whose appends are all stored goes on as usual', async () => {
    const { batches, run } = recorder();
    const commit = createGroupCommit(run, 0);
    const chain = {};
    const told: string[] = [];
    for (const id of ['a', 'b']) commit.appendThen(append(id), false, (outcome) => void told.push(outcome ? id : 'failed'), chain);
    await commit.idle();
    expect(batches).toEqual([['a', 'b']]);
    expect(told).toEqual(['a', 'b']);
  });
});

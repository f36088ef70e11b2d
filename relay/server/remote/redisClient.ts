/** How the relay talks to Redis for the Socket.IO adapter (remoteHub.ts useRedisAdapter). */

/**
 * The most commands the adapter's Redis client keeps waiting (written or not) before it fails new ones at once: its
 * commands have no timeout (ADAPTER_CLIENT_OPTIONS), so a Redis that stops answering without closing the connection
 * holds them, and this bounds the memory they take. What is lost so (the other nodes' copies of events) they read from
 * storage when the next event shows them a gap in the seqs (fanout.ts).
 */
const REDIS_QUEUE_MAX = 10_000;
/**
 * The adapter's Redis client (and the clients it duplicates from it): no timeout per command. node-redis 6 gives each
 * command 5 s by default, made with AbortSignal.timeout(): a timer, a signal and a listener, ~10-16 µs of the relay's
 * thread per command on session 39's machine, and the adapter sends a PUBLISH for every message to the other
 * nodes, which nobody awaits. Its stream readers block 5 s in XREAD, which the default timeout cut at the same moment.
 * Waiting commands are bounded instead (REDIS_QUEUE_MAX). The 2-node benchmark's floor uses the same options.
 */
export const ADAPTER_CLIENT_OPTIONS = { commandOptions: { timeout: 0 }, commandsQueueMaxLength: REDIS_QUEUE_MAX };

import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { InterServerEvents } from '../../protocol';
import type { WebNamespace } from './namespaces';

/** The Redis Pub/Sub channel Tern's messages between relay nodes go on (docs/deploy.md). */
export const NODE_CHANNEL = 'tern:nodes';

/**
 * Tern's own messages between relay nodes: forwarded commands and their answers (commandForward.ts), what a node
 * published in a turn (fanout.ts `remote:fanout`), lease news (hubContext.ts). Every other node hears every message;
 * the sender does not.
 */
export interface NodeBus {
  /** Other nodes may hear this one (the Redis bus); false on a single node, whose `emit` sends nothing. */
  readonly clustered: boolean;
  /** To every other node. Never throws: a failure to send is logged (the other nodes read storage after a gap). */
  emit<E extends NodeEvent>(event: E, payload: NodePayload<E>): void;
  /** Handlers of one event run in the order they were added, each message's before the next message's. */
  on<E extends NodeEvent>(event: E, handler: (payload: NodePayload<E>) => void): void;
  off<E extends NodeEvent>(event: E, handler: (payload: NodePayload<E>) => void): void;
  listeners<E extends NodeEvent>(event: E): Array<(payload: NodePayload<E>) => void>;
}
/** The messages between nodes (relay/protocol/remoteEvents.ts), each with one payload. */
export type NodeEvent = keyof InterServerEvents;
export type NodePayload<E extends NodeEvent> = Parameters<InterServerEvents[E]>[0];

type Handler = (payload: never) => void;

/** The part of a node-redis client the bus uses (a publishing client, and the subscriber duplicated from it). */
export interface BusRedisClient {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): BusRedisSubscriber;
}
export interface BusRedisSubscriber {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  destroy(): void;
}

/**
 * The node bus over Redis Pub/Sub: one PUBLISH per message on NODE_CHANNEL, read by a subscriber connection of each
 * node. A message is the sender's id, a space, and `[event, payload]` as JSON. Why not the adapter's
 * `serverSideEmit`, which earlier releases used: the adapter encodes every message with msgpack (a new encoder and its
 * 2 KB buffer each time, and JavaScript's UTF-8 for every string) and every node decodes every message, the sender its
 * own echo included, before dropping it by its id; here a node skips its own echo by a prefix and the others parse
 * JSON natively (on 2 nodes: ~50 µs of the relay's thread a round trip, docs/performance-sessions.md "Session 41"). JSON also
 * keeps every string as it is (lone surrogates included, as escapes) and drops `undefined` fields, as the sockets'
 * own JSON does.
 *
 * Messages of nodes of an earlier release still arrive through the adapter (`web.on`, serverSideEmit) and reach the
 * same handlers; those nodes do not hear this channel (docs/deploy.md "Rolling updates").
 */
export async function createRedisNodeBus(
  publisher: BusRedisClient,
  web: WebNamespace,
  log: FastifyBaseLogger,
  /** Another channel keeps a set of nodes (tests running side by side on one Redis) apart from the rest. */
  channel = NODE_CHANNEL,
): Promise<NodeBus & { close(): void }> {
  /** This node's id (random per start): its messages' prefix, how it knows its own echo. */
  const own = `${randomBytes(9).toString('base64url')} `;
  const { dispatch, ...handlers } = nodeHandlers(web, log);
  let closed = false;

  function received(message: string): void {
    if (message.startsWith(own)) return;
    const space = message.indexOf(' ');
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.slice(space + 1));
    } catch {
      parsed = null;
    }
    if (space <= 0 || !Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') {
      log.warn({ length: message.length }, 'remote: malformed message from another node dropped');
      return;
    }
    dispatch(parsed[0], parsed[1]);
  }

  const subscriber = publisher.duplicate();
  subscriber.on('error', (error) => log.warn({ err: error }, 'remote: redis error (node bus subscriber)'));
  await subscriber.connect();
  await subscriber.subscribe(channel, received);

  return {
    clustered: true,
    emit(event, payload) {
      if (closed) return;
      try {
        publisher.publish(channel, own + JSON.stringify([event, payload])).catch((error: unknown) => {
          log.debug({ err: error, event }, 'remote: message to the other nodes failed');
        });
      } catch (error) {
        log.warn({ err: error, event }, 'remote: message to the other nodes failed');
      }
    },
    ...handlers,
    close() {
      closed = true;
      subscriber.destroy();
    },
  };
}

/** One node, no adapter: nobody to tell, nobody to hear from (handlers are kept, and never called). */
export function singleNodeBus(web: WebNamespace, log: FastifyBaseLogger): NodeBus {
  const { dispatch: _dispatch, ...handlers } = nodeHandlers(web, log);
  return { clustered: false, emit() {}, ...handlers };
}

/**
 * The handlers of the messages from other nodes, by event, and how a message reaches them: from the bus, or from a
 * node of an earlier release through the adapter (`web`'s serverSideEmit listeners, one per event).
 */
function nodeHandlers(web: WebNamespace, log: FastifyBaseLogger) {
  const byEvent = new Map<string, Handler[]>();
  function dispatch(event: string, payload: unknown): void {
    const list = byEvent.get(event);
    if (!list) return;
    for (const handler of list) {
      try {
        handler(payload as never);
      } catch (error) {
        // One handler's bug must not stop the others, nor the subscriber's next messages.
        log.error({ err: error, event }, 'remote: a handler of a message from another node failed');
      }
    }
  }
  return {
    dispatch,
    on<E extends NodeEvent>(event: E, handler: (payload: NodePayload<E>) => void): void {
      let list = byEvent.get(event);
      if (!list) {
        byEvent.set(event, (list = []));
        web.on(event, ((payload: unknown) => dispatch(event, payload)) as never);
      }
      list.push(handler as Handler);
    },
    off<E extends NodeEvent>(event: E, handler: (payload: NodePayload<E>) => void): void {
      const list = byEvent.get(event);
      const at = list?.indexOf(handler as Handler) ?? -1;
      if (at >= 0) list!.splice(at, 1);
    },
    listeners<E extends NodeEvent>(event: E): Array<(payload: NodePayload<E>) => void> {
      return [...(byEvent.get(event) ?? [])] as Array<(payload: NodePayload<E>) => void>;
    },
  };
}

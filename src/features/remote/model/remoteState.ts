import type { HandshakeErrorCode, Instance, RemoteError, RemoteErrorCode, WorkspaceHolder, WorkspaceLost } from '#protocol/remote';

import { type ConnectionState, initialConnection } from './connection';
import type { EventLog } from './eventLog';
import type { InputQueue } from './inputQueue';
import type { LiveEvents } from './liveEvents';
import type { SessionsByInstance } from './sessions';

/**
 * The console's state as the page reads it (client/remoteStore.ts holds it). Each part has its own pure module:
 * connection.ts, instances.ts, sessions.ts, attach.ts, eventLog.ts and liveEvents.ts (per session) and inputQueue.ts
 * (the outbox).
 */
export type AttachState =
  | { status: 'none' }
  | { status: 'attaching'; instanceId: string }
  /**
   * The instance a previous visit had open, restored from the cache while the relay cannot be reached: its sessions
   * and history show read-only, typed input waits in the outbox; attached for real on the next connect.
   */
  | { status: 'offline'; instanceId: string }
  | { status: 'attached'; instanceId: string }
  /** Another live window holds the workspace (`holder`: which, when the relay says). */
  | { status: 'busy'; instanceId: string; holder: WorkspaceHolder | null }
  /** This window held it and lost it (`by`: the window that took it over, when the relay says); read-only until taken back. */
  | { status: 'lost'; instanceId: string; reason: WorkspaceLost['reason']; by: WorkspaceHolder | null };

/** Handshake refusals a retry cannot fix (UNAUTHORIZED signs out; INTERNAL is retried). */
export type RefusedHandshakeCode = Exclude<HandshakeErrorCode, 'UNAUTHORIZED' | 'INTERNAL'>;

/** Spec §8 remote errors plus the protocol's own codes, as shown to the user. */
export type RemoteProblem =
  | { kind: 'connection' }
  /** The relay refused the handshake for a reason a retry cannot fix (origin, protocol version, malformed auth). */
  | { kind: 'handshake'; code: RefusedHandshakeCode }
  | { kind: 'cliNotStarted' }
  | { kind: 'unknown'; message: string }
  | { kind: 'refused'; code: RemoteErrorCode; message: string };

export interface RemoteState {
  connection: ConnectionState;
  /** False until the instance list has been read from the relay or the cache. */
  instancesLoaded: boolean;
  /** The lists show cached data (no fresh answer from the relay since the page opened or the link dropped). */
  stale: boolean;
  instances: readonly Instance[];
  attach: AttachState;
  sessions: SessionsByInstance;
  currentSessionId: string | null;
  logs: Readonly<Record<string, EventLog>>;
  /** Per session whose log starts after seq 0: an older page being fetched (`session:history`), or the last fetch failed. */
  older: Readonly<Record<string, 'loading' | 'failed'>>;
  /** Per session, events the relay passed on before storing them (liveEvents.ts); never cached. */
  live: Readonly<Record<string, LiveEvents>>;
  queue: InputQueue;
  problem: RemoteProblem | null;
  creatingSession: boolean;
  /** When this page (or a previous visit, from the cache) last heard from the relay (epoch ms); null: never. */
  heardAt: number | null;
  /** The cache has been read (whatever it held): from here on, nothing more comes until the relay answers. */
  restored: boolean;
}

export const initialRemoteState: RemoteState = {
  connection: initialConnection,
  instancesLoaded: false,
  stale: true,
  instances: [],
  attach: { status: 'none' },
  sessions: {},
  currentSessionId: null,
  logs: {},
  older: {},
  live: {},
  queue: [],
  problem: null,
  creatingSession: false,
  heardAt: null,
  restored: false,
};

/** A request the relay refused, as shown to the user. */
export function refusal(error: RemoteError): RemoteProblem {
  return { kind: 'refused', code: error.code, message: error.message };
}

/** Refusals of requests that need the CLI (attach, new session): an offline instance means it is not started. */
export function instanceRefusal(error: RemoteError): RemoteProblem {
  return error.code === 'INSTANCE_OFFLINE' ? { kind: 'cliNotStarted' } : refusal(error);
}

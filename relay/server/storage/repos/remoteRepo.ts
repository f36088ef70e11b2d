import type { Database } from '../database';
import { createCommandsRepo } from './remote/commandsRepo';
import { createInstancesRepo } from './remote/instancesRepo';
import { createLocksRepo } from './remote/locksRepo';
import { createSessionAdminRepo } from './remote/sessionAdminRepo';
import { createSessionsRepo } from './remote/sessionsRepo';

export type { InstanceEnvInput } from './remote/instancesRepo';
export { UnknownSession } from './remote/sessionsRepo';

/** Instances, sessions, events, pending CLI commands and workspace locks (one module each under remote/). */
export function createRemoteRepo(db: Database) {
  return {
    ...createInstancesRepo(db),
    ...createSessionsRepo(db),
    ...createCommandsRepo(db),
    ...createLocksRepo(db),
    ...createSessionAdminRepo(db),
  };
}
export type RemoteRepo = ReturnType<typeof createRemoteRepo>;

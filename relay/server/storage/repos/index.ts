import type { Database } from '../database';
import { createAccessTokensRepo } from './accessTokensRepo';
import { createIdentitiesRepo } from './identitiesRepo';
import { createLoginAttemptsRepo } from './loginAttemptsRepo';
import { createLoginTokensRepo } from './loginTokensRepo';
import { createTempCodesRepo } from './tempCodesRepo';
import { createUsersRepo } from './usersRepo';

export { isUniqueViolation } from './usersRepo';

/** Every auth repo bound to one `Database` (the pool, or a transaction). */
export function createAuthRepos(db: Database) {
  return {
    users: createUsersRepo(db),
    identities: createIdentitiesRepo(db),
    loginTokens: createLoginTokensRepo(db),
    accessTokens: createAccessTokensRepo(db),
    tempCodes: createTempCodesRepo(db),
    loginAttempts: createLoginAttemptsRepo(db),
  };
}
export type AuthRepos = ReturnType<typeof createAuthRepos>;

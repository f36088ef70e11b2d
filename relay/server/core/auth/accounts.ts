import { createAuthRepos, isUniqueViolation } from '../../storage/repos';
import type { UserRow } from '../../storage/schema';
import { AppError } from '../appError';
import type { AuthDeps } from './deps';
import { hashPassword } from './password';

/** Operator use cases (relay/server/admin.ts): cheetah accounts are provisioned, never signed up. */
export async function createCheetahAccount(
  deps: Pick<AuthDeps, 'db' | 'now'> & Partial<Pick<AuthDeps, 'passwordHashing'>>,
  input: { email: string; password: string; username?: string | undefined },
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError(400, 'INVALID_EMAIL', `Not an e-mail address: ${input.email}`);
  if (input.password.length < 8) throw new AppError(400, 'VALIDATION_ERROR', 'Password must be at least 8 characters');
  const username = (input.username ?? email.split('@')[0]!).trim().slice(0, 40) || email;
  try {
    return await createAuthRepos(deps.db).users.create({
      username,
      email,
      passwordHash: await hashPassword(input.password, deps.passwordHashing),
      provider: 'cheetah',
      now: deps.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_TAKEN', `An account with e-mail ${email} already exists`);
    throw error;
  }
}

export async function listUsers(deps: Pick<AuthDeps, 'db'>): Promise<UserRow[]> {
  return createAuthRepos(deps.db).users.list();
}

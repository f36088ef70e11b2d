import type { AuthUser } from '../../../protocol';
import type { UserRow } from '../../storage/schema';

/** The spec §3 User the client stores; never includes the password hash or provider internals. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `GET /web-api/auth/me` as one query (spec §7, §9: cached 5 minutes, no retry), shared by the login callback, the
 * token login and the header: a sign-in fetches the user once, and the header reads that answer from the cache.
 * Keyed by token, so another session never sees the previous one's user; logout clears the cache anyway.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import * as z from 'zod/mini';

import { request } from '../api/http';
import { queryClient } from '../api/queryClient';
import { queryKeys } from '../api/queryKeys';
import { useAtomValue } from '../state/jotai';
import { authAtom, updateUser } from './session';
import { type User, userSchema } from './storage';

export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

const meResponseSchema = z.object({ data: userSchema });

/**
 * `silent`: the calling screen shows failures itself (the sign-in screens). The header is not silent: it has no
 * screen of its own, so the error catalogue's toasts speak for it.
 */
export function currentUserQuery(token: string, { silent = false }: { silent?: boolean } = {}) {
  return queryOptions({
    queryKey: queryKeys.auth.me(token),
    queryFn: async ({ signal }): Promise<User> => meResponseSchema.parse(await request('/web-api/auth/me', { signal, silent })).data,
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
  });
}

/** For the sign-in screens: the cached user while it is fresh, else one request; failures are left to the caller. */
export function fetchCurrentUser(token: string): Promise<User> {
  return queryClient.fetchQuery(currentUserQuery(token, { silent: true }));
}

const sameUser = (a: User | null, b: User) =>
  !!a && a.id === b.id && a.username === b.username && a.email === b.email && a.avatar === b.avatar;

/** The signed-in user for the header: the stored one at once, refreshed from the shared query. */
export function useCurrentUser(): User | null {
  const auth = useAtomValue(authAtom);
  const { data } = useQuery({ ...currentUserQuery(auth?.token ?? ''), enabled: !!auth });
  useEffect(() => {
    if (auth && data && !sameUser(auth.user, data)) updateUser(data);
  }, [auth, data]);
  if (!auth) return null;
  return data ?? auth.user;
}

import { QueryClient } from '@tanstack/react-query';

import { onSessionEnd } from '../auth/session';

/** Spec §9 data-query defaults: retry 1, no refetch on window focus, stale after 5 minutes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5 * 60 * 1000 },
    mutations: { retry: 0 },
  },
});

// Logout and 401s clear every cached query so another user never sees the previous one's data.
onSessionEnd(() => queryClient.clear());

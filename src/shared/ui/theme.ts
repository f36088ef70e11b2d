import { useSyncExternalStore } from 'react';

import { currentTheme, subscribeTheme, type Theme } from './themeBase';

export * from './themeBase';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'tern-dark' as Theme);
}

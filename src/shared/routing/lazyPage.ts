import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

import { handleChunkLoadError, isChunkLoadError } from '../lib/chunkReload';

/** React.lazy with the spec's chunk-failure behaviour: a new-version notice and a reload after 1.5 s. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors React.lazy's own constraint
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && handleChunkLoadError()) {
        // Keep the spinner up until the reload happens.
        return new Promise<{ default: T }>(() => {});
      }
      throw error;
    }),
  );
}

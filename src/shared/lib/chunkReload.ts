import { toast } from '../ui/toast';

const GUARD_KEY = 'tern.chunkReloadAt';
export const CHUNK_RELOAD_DELAY_MS = 1500;
let reloadScheduled = false;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A page chunk that fails to load usually means a new deployment replaced the old files: tell the user and reload
 * after 1.5 s. Returns false when a reload already happened moments ago (the chunk is really unreachable, e.g.
 * offline), so the caller shows an error instead of looping.
 */
export function handleChunkLoadError(): boolean {
  if (reloadScheduled) return true;
  const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(GUARD_KEY, String(Date.now()));
  reloadScheduled = true;
  toast.info({ key: 'common:newVersion' }, CHUNK_RELOAD_DELAY_MS + 500);
  setTimeout(() => location.reload(), CHUNK_RELOAD_DELAY_MS);
  return true;
}

export function installChunkErrorHandler(): void {
  // Vite reports failed preloads here; the failing import itself still rejects and reaches lazyPage.
  window.addEventListener('vite:preloadError', () => {
    handleChunkLoadError();
  });
}

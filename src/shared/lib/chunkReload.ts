import { toast } from '../ui/toast';

const GUARD_KEY = 'tern.chunkReloadAt';
export const CHUNK_RELOAD_DELAY_MS = 1500;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A page chunk that fails to load usually means a new deployment replaced the old files: tell the user and reload
 * after 1.5 s. A guard stops a reload loop when the chunk is really unreachable (offline).
 */
export function handleChunkLoadError(): boolean {
  const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(GUARD_KEY, String(Date.now()));
  toast.info({ key: 'common:newVersion' }, CHUNK_RELOAD_DELAY_MS + 500);
  setTimeout(() => location.reload(), CHUNK_RELOAD_DELAY_MS);
  return true;
}

export function installChunkErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    handleChunkLoadError();
  });
}

/** The API base: same origin unless VITE_API_BASE is set at build time. */
export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') ?? '';
export const API_TIMEOUT_MS = 10_000;

// The theme without React: the boot script (src/boot.ts) applies it before any markup paints; theme.ts adds the hook.
export type Theme = 'tern-dark' | 'tern-light';
const THEME_KEY = 'tern.theme';
const listeners = new Set<() => void>();

/** Calls `listener` after every theme change; returns the unsubscribe function. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches ? 'tern-light' : 'tern-dark';
}

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'tern-dark' || value === 'tern-light' ? value : null;
  } catch {
    return null;
  }
}

export function currentTheme(): Theme {
  const attr = document.documentElement.dataset.theme;
  return attr === 'tern-light' || attr === 'tern-dark' ? attr : systemTheme();
}

export function applyTheme(theme: Theme = storedTheme() ?? systemTheme()): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'tern-dark' ? '#0d1117' : '#ffffff');
  listeners.forEach((l) => l());
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not persisted; still applied for this page.
  }
  applyTheme(theme);
}

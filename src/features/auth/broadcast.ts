import { i18n } from '../../shared/i18n';
import { toast } from '../../shared/ui/toast';
import { LOGIN_TRIGGER_KEY, loginSuccessTypes as handledTypes } from './broadcastKeys';

export { LOGIN_TRIGGER_KEY };
export const BROADCAST_RELOAD_DELAY_MS = 1000;

export interface LoginNotice {
  type: string;
  timestamp: number;
  provider: string;
}

function providerName(provider: string): string {
  const key = `auth:providers.${provider}`;
  return i18n.exists(key) ? String(i18n.t(key as never)).trim() : provider;
}

/**
 * Another window finished signing in: handle it once — clear the notice, say who signed in, reload after 1 s so
 * every query runs with the new session. Messages from other origins are ignored.
 */
export function installLoginBroadcast(win: Window = window, reload: () => void = () => win.location.reload()): () => void {
  let handled = false;
  const handle = (notice: Partial<LoginNotice>) => {
    if (handled) return;
    handled = true;
    try {
      win.localStorage.removeItem(LOGIN_TRIGGER_KEY);
    } catch {
      // Nothing stored.
    }
    toast.success({ key: 'auth:broadcast.success', values: { provider: providerName(notice.provider ?? 'tern') } });
    win.setTimeout(reload, BROADCAST_RELOAD_DELAY_MS);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LOGIN_TRIGGER_KEY || !event.newValue) return;
    try {
      const notice = JSON.parse(event.newValue) as Partial<LoginNotice>;
      if (typeof notice.type === 'string' && handledTypes.includes(notice.type)) handle(notice);
    } catch {
      // Not ours.
    }
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    const data = event.data as Partial<LoginNotice> | null;
    if (data && typeof data.type === 'string' && handledTypes.includes(data.type)) handle(data);
  };
  win.addEventListener('storage', onStorage);
  win.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('storage', onStorage);
    win.removeEventListener('message', onMessage);
  };
}

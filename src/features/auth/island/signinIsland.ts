// First: zod's jitless mode before any schema is built (the CSP forbids its `new Function` JIT), as in src/main.tsx.
import '../../../shared/lib/zodJitless';

import { type ClientConfigResponse, clientConfigResponseSchema, loginPermissionSchema } from '#protocol/auth';
import { parsePathname } from '#protocol/languages';

import { API_BASE, API_TIMEOUT_MS } from '../../../shared/api/config';
import { closedLoginPermission } from '../permission';
import { drawable, drawPermission, type SigninLabels } from './signinDom';
import { signinIsland } from './state';

/**
 * The sign-in island (issue #16): a signed-out visitor sent to the sign-in page gets its prerendered markup from the
 * boot script (src/boot.ts, the shell's sign-in templates), and this island asks which sign-in options this network
 * has, validates the answer with the protocol's schema, and draws it (signinDom.ts) without the app. When the app wakes
 * it hydrates over that markup with the same answers (signinIsland.drawn, read by src/main.tsx). A restricted region
 * needs the app at once: the island then wakes it, handing over its request.
 */

type LocaleModule = { default: { login?: Partial<SigninLabels> } };
// The same locale files (and so the same chunks) the app's i18n loads.
const locales = import.meta.glob<LocaleModule>('../../../locales/*/auth.json');

/** A GET as the app's request() does (JSON, 10 s timeout); rejects on an HTTP error. */
async function getJson(path: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const response = await fetch(`${API_BASE}${path}`, { headers: { Accept: 'application/json' }, signal: controller.signal });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return await response.json();
  } finally {
    clearTimeout(timer);
  }
}

const idle = () => document.documentElement.dataset.boot === 'idle';

/** Resolves true when it drew the answer (or the app started meanwhile); false when the app must take over now. */
export async function mountSigninIsland(root: HTMLElement): Promise<boolean> {
  const parsed = parsePathname(location.pathname);
  const lang = parsed.kind === 'ok' ? parsed.lang : 'en';
  const request = getJson('/api/client/feishu-allowed');
  signinIsland.request = request;
  const [permission, strings] = await Promise.all([
    // As the app's permission query: any failure means every optional sign-in is off (spec §7).
    request.then((data) => loginPermissionSchema.parse(data)).catch(() => closedLoginPermission),
    locales[`../../../locales/${lang}/auth.json`]?.().catch(() => undefined),
  ]);
  // The Feishu button waits for the client config (the app's useClientConfig); without it, it stays disabled.
  let config: ClientConfigResponse['data'] | null = null;
  if (permission.feishuLoginAllowed && idle()) {
    config = await getJson('/api/config/client')
      .then((data) => clientConfigResponseSchema.parse(data).data)
      .catch(() => null);
  }
  if (!idle()) return true;
  const labels = strings?.default.login;
  if (!drawable(permission) || !labels?.feishuButton || !labels.cheetahButton) return false;
  const feishuReady = !!config?.feishu.appId;
  // Written in one task with the hand-over, so the app never sees one without the other.
  if (!drawPermission(root, permission, labels as SigninLabels, feishuReady)) return false;
  const at = Date.now();
  signinIsland.drawn = { permission, at, config: config && { data: config, at } };
  signinIsland.request = null;
  return true;
}

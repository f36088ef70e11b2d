import type { LoginPermission } from '#protocol/auth';

/**
 * The sign-in page's change once the login permission is known, done on the prerendered markup (the sign-in island)
 * exactly as LoginPage renders it: the "checking" status goes, and the Feishu button (enabled once the client config
 * names a Feishu app) and the company e-mail button, when allowed, come before the Tern button. A restricted region
 * (a different page) is left to the app: `drawable` is false for it. signinDom.test.tsx checks the result against
 * React's rendering.
 */

/** React's escaping of text (react-dom/server escapeTextForBrowser). */
const esc = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

export const drawable = (permission: LoginPermission): boolean => !permission.isChina;

export interface SigninLabels {
  feishuButton: string;
  cheetahButton: string;
}

/**
 * Applies `permission` to the page holding the pending status (`[data-island="signin"]`); `feishuReady`: the client
 * config names a Feishu app (the Feishu button is disabled until it does). False if the status is not there.
 */
export function drawPermission(root: ParentNode, permission: LoginPermission, labels: SigninLabels, feishuReady: boolean): boolean {
  const status = root.querySelector('[data-island="signin"]');
  const options = status?.parentElement;
  if (!status || !options) return false;
  status.remove();
  options.lastElementChild?.insertAdjacentHTML('beforebegin', optionButtonsHtml(permission, labels, feishuReady));
  return true;
}

/** The optional sign-in buttons `permission` allows, as LoginPage renders them (also the shell's critical CSS sample). */
export function optionButtonsHtml(
  permission: Pick<LoginPermission, 'feishuLoginAllowed' | 'cheetahLoginAllowed'>,
  labels: SigninLabels,
  feishuReady: boolean,
): string {
  return [
    permission.feishuLoginAllowed &&
      `<button type="button" class="btn btn-outline"${feishuReady ? '' : ' disabled=""'}>${esc(labels.feishuButton)}</button>`,
    permission.cheetahLoginAllowed && `<button type="button" class="btn btn-outline">${esc(labels.cheetahButton)}</button>`,
  ]
    .filter(Boolean)
    .join('');
}

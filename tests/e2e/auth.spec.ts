import { expect, test } from './fixtures';
import { LoginPage, uniqueEmail } from './pages/LoginPage';
import { E2E_CHEETAH, E2E_CHEETAH_ZH } from './testAccounts';

test.describe('sign in with a Tern account', () => {
  test('sign up from a protected page, land there, sign out, sign in again', async ({ page, shell }) => {
    // Four page loads and two sign-ins: under a loaded CI machine that takes longer than the default 30 s.
    test.setTimeout(90_000);
    const login = new LoginPage(page);
    const user = { email: uniqueEmail('ada'), password: 'analytical-engine', username: 'Ada Lovelace' };
    await page.goto('/userinfo');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuserinfo$/);

    // Terms not ticked: the agree modal asks first; I Disagree does nothing.
    await login.ternButton.click();
    await expect(login.agreeModal).toBeVisible();
    await login.agreeModal.getByRole('button', { name: 'I Disagree' }).click();
    await expect(login.agreeModal).toBeHidden();
    await expect(page).toHaveURL(/\/login/);
    await login.ternButton.click();
    await login.agreeModal.getByRole('button', { name: 'I Agree' }).click();
    await expect(login.terms)
      .toBeChecked({ timeout: 1000 })
      .catch(() => undefined);

    await login.fillAccount('signup', user);
    await expect(page.getByTestId('callback')).toBeVisible();
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/userinfo$/, { timeout: 20_000 });
    const menu = shell.header.getByRole('button', { name: 'Account menu' });
    await expect(menu).toBeVisible();
    // The one-time token never stays in the history.
    expect(await page.evaluate(() => localStorage.getItem('tern.loginMethod'))).toBe('tern');

    await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(shell.header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tern.accessToken'))).toBeNull();

    await login.goto();
    await login.terms.check();
    await login.ternButton.click();
    await login.fillAccount('signin', { email: user.email, password: 'wrong-password' });
    await expect(page.getByRole('alert')).toContainText('Invalid credentials');
    await page.locator('#account-password').fill(user.password);
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    // The callback exchanges the one-time token, shows its success for 2 s, then goes home.
    await expect(page).toHaveURL(/:\d+\/$/, { timeout: 20_000 });
    await expect(shell.header.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('Chinese: invitation code rules, sign up, land on /zh/userinfo', async ({ page, shell }) => {
    const login = new LoginPage(page);
    await page.goto('/zh/userinfo');
    await expect(page).toHaveURL(/\/zh\/login\?redirect=%2Fzh%2Fuserinfo$/);
    await login.invitation.fill('ab-1');
    await expect(login.invitation).toHaveValue('AB-1');
    await login.terms.check();
    await login.ternButton.click();
    await expect(page.getByText('邀请码格式不正确')).toBeVisible();
    await login.invitation.fill('abcdefghijklmnop');
    await expect(login.invitation).toHaveValue('ABCDEFGHIJ');
    await login.ternButton.click();
    await login.fillAccount('signup', { email: uniqueEmail('zh'), password: 'passw0rd-zh', username: '李雷' });
    // The callback shows its success state for 2 s; a busy machine may take a while to get there.
    await expect(page.getByText('登录成功')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/zh\/userinfo$/, { timeout: 10_000 });
    await expect(shell.header.getByRole('button', { name: '账户菜单' })).toBeVisible();
    // A signed-in visitor reaching the login page is sent on.
    await page.goto('/zh/login?redirect=%2Fzh%2Fpricing');
    await expect(page).toHaveURL(/\/zh\/pricing$/);
  });

  test('account form validation', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.terms.check();
    await login.ternButton.click();
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.locator('form').getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please enter email address')).toBeVisible();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await page.locator('#account-email').fill('not-an-email');
    await page.locator('#account-password').fill('short');
    await page.locator('#account-confirm').fill('other');
    await page.locator('form').getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
  });

  test('the account page refuses a foreign redirect_to', async ({ page }) => {
    await page.goto('/account?redirect_to=https%3A%2F%2Fevil.example%2Fcallback&redirect_mode=same_window');
    await expect(page.getByRole('alert')).toContainText('not valid');
  });
});

test.describe('internal company login', () => {
  test('operator-created account signs in from a private address, then locks after bad passwords', async ({ page, shell }) => {
    // Three page loads, a 3 s countdown and seven sign-in round trips: more than the default 30 s on a busy machine.
    test.slow();
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.cheetahButton).toBeVisible();
    await login.terms.check();
    await login.cheetahButton.click();
    const modal = login.internal;
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByText('Please enter email address')).toBeVisible();
    await expect(modal.getByText('Please enter password')).toBeVisible();
    await modal.locator('#internal-email').fill('nope');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByText('Please enter a valid email address')).toBeVisible();

    await modal.locator('#internal-email').fill(E2E_CHEETAH.email);
    await modal.locator('#internal-password').fill(E2E_CHEETAH.password);
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page.getByText(/Going to your account in [123] s/)).toBeVisible();
    await expect(page).toHaveURL(/\/userinfo$/, { timeout: 6000 });
    await shell.header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await login.goto();
    await login.terms.check();
    await login.cheetahButton.click();
    await modal.locator('#internal-email').fill(E2E_CHEETAH.email);
    await modal.locator('#internal-password').fill('wrong-password');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByRole('alert')).toContainText('The password is incorrect');
    for (let i = 0; i < 5; i++) {
      await modal.getByRole('button', { name: 'Sign in' }).click();
      await expect(modal.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await expect(modal.getByRole('alert')).toContainText(/Account has been locked|Too many requests/);
  });
});

test.describe('internal company login in Chinese (/zh/login)', () => {
  // Its own account: the English run above locks E2E_CHEETAH. Both runs share the relay's per-IP budget of 10 internal
  // attempts a minute; each signs in with its first attempt (at worst the 8th), so only the last tries may be refused.
  test('validation, success with the countdown, wrong password, then lockout or 429, all in Chinese', async ({ page, shell }) => {
    // Three page loads, a 3 s countdown and seven sign-in round trips: more than the default 30 s on a busy machine.
    test.slow();
    const login = new LoginPage(page);
    await login.goto('/zh');
    await expect(page.getByRole('heading', { name: '登录 Tern' })).toBeVisible();
    await login.terms.check();
    await login.cheetahButton.click();
    const modal = login.internal;
    await expect(modal.getByRole('heading', { name: '公司邮箱登录' })).toBeVisible();
    const submit = modal.getByRole('button', { name: '登录', exact: true });
    await submit.click();
    await expect(modal.locator('#internal-email-error')).toHaveText('请输入邮箱地址');
    await expect(modal.locator('#internal-password-error')).toHaveText('请输入密码');
    await modal.locator('#internal-email').fill('nope');
    await modal.locator('#internal-invitationCode').fill('ab1');
    await expect(modal.locator('#internal-invitationCode')).toHaveValue('AB1');
    await submit.click();
    await expect(modal.locator('#internal-email-error')).toHaveText('请输入有效的邮箱地址');
    await expect(modal.getByText('邀请码格式不正确')).toBeVisible();
    // No English leaks into the Chinese form.
    await expect(modal).not.toContainText(/Please enter|Invalid invitation/);

    await modal.locator('#internal-invitationCode').fill('');
    await modal.locator('#internal-email').fill(E2E_CHEETAH_ZH.email);
    await modal.locator('#internal-password').fill(E2E_CHEETAH_ZH.password);
    await submit.click();
    await expect(page).toHaveURL(/\/zh\/callback$/);
    await expect(page.getByText('登录成功')).toBeVisible();
    await expect(page.getByText(/^[123] 秒后前往你的账户$/)).toBeVisible();
    await expect(page.getByRole('link', { name: '立即前往' })).toBeVisible();
    await expect(page).toHaveURL(/\/zh\/userinfo$/, { timeout: 6000 });
    await shell.header.getByRole('button', { name: '账户菜单' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();

    await login.goto('/zh');
    await login.terms.check();
    await login.cheetahButton.click();
    await modal.locator('#internal-email').fill(E2E_CHEETAH_ZH.email);
    await modal.locator('#internal-password').fill('wrong-password');
    await submit.click();
    await expect(modal.getByRole('alert')).toHaveText('密码不正确');
    for (let i = 0; i < 5; i++) {
      await submit.click();
      await expect(submit).toBeEnabled();
    }
    await expect(modal.getByRole('alert')).toHaveText(/^(账号已被锁定|请求过于频繁，请稍后再试)$/);
  });
});

/**
 * Ticks the terms, signs in with Feishu in the popup and waits for its callback to succeed. `reloaded` settles when the
 * opener reloads (1 s after the popup's message); `toast`, with the text of the opener's toast naming the provider
 * (`needle`), read on every frame from the start: it lives only until that reload, which a loaded machine can reach
 * before a later look.
 */
async function signInInFeishuPopup(login: LoginPage, needle: string) {
  await login.terms.check();
  const toast = login.page
    .waitForFunction(
      (text) =>
        [...document.querySelectorAll('[data-testid="toast"]')].map((e) => e.textContent ?? '').find((t) => t.includes(text)) ?? null,
      needle,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue());
  const popupPromise = login.page.waitForEvent('popup');
  await login.feishuButton.click();
  const popup = await popupPromise;
  const reloaded = login.page.waitForEvent('load', { timeout: 15_000 });
  await expect(popup.getByTestId('callback')).toHaveAttribute('data-phase', 'success', { timeout: 15_000 });
  return { popup, reloaded, toast };
}

test.describe('Feishu (against the local Feishu stand-in)', () => {
  test('popup flow: authorize, callback, message to the opener, reload signed in', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('', '?redirect=%2Fuserinfo');
    await expect(login.feishuButton).toBeEnabled();
    const { popup, reloaded, toast } = await signInInFeishuPopup(login, 'Signed in with Feishu');
    // The opener names the provider, then reloads after 1 s; the popup closes itself after 2 s.
    expect(await toast).toContain('Signed in with Feishu');
    await reloaded;
    await popup.waitForEvent('close', { timeout: 5000 });
    await expect(page).toHaveURL(/\/userinfo$/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('tern.loginMethod'))).toBe('feishu');
  });

  test('Chinese: popup flow from /zh/login, the opener names 飞书 and reloads signed in', async ({ page, shell }) => {
    const login = new LoginPage(page);
    await login.goto('/zh', '?redirect=%2Fzh%2Fuserinfo');
    await expect(login.feishuButton).toHaveText(/使用飞书登录/);
    await expect(login.feishuButton).toBeEnabled();
    const { popup, reloaded, toast } = await signInInFeishuPopup(login, '已通过飞书登录');
    // The toast before the reload 1 s later: Chinese, and no English left in it.
    expect(await toast).toMatch(/^[^A-Za-z]*已通过飞书登录[^A-Za-z]*$/);
    await reloaded;
    await popup.waitForEvent('close', { timeout: 5000 });
    await expect(page).toHaveURL(/\/zh\/userinfo$/, { timeout: 10_000 });
    await expect(shell.header.getByRole('button', { name: '账户菜单' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tern.loginMethod'))).toBe('feishu');
  });
});

test.describe('callback and token login', () => {
  test('callback parameter errors', async ({ page }) => {
    await page.goto('/callback?type=other&logintype=tern&token=x');
    await expect(page.getByRole('alert')).toHaveText('Invalid callback type');
    await page.goto('/callback?type=authlogin&logintype=github&token=x');
    await expect(page.getByRole('alert')).toHaveText('Invalid login type');
    await page.goto('/callback?type=authlogin&logintype=tern');
    await expect(page.getByRole('alert')).toHaveText('Missing authorization parameters');
    await page.goto('/zh/callback?type=authlogin&logintype=tern&token=spent&user_id=1');
    await expect(page.getByRole('alert')).toContainText('登录');
    // A refused one-time token is the callback's error to show, not an expired session.
    await expect(page).toHaveURL(/\/zh\/callback$/);
    await expect(page.getByTestId('callback-close')).toHaveText('关闭');
    await page.getByRole('link', { name: '重试' }).click();
    await expect(page).toHaveURL(/\/zh\/login$/);
  });

  test('a close button while processing and after success; in a tab it goes on to the home page', async ({ page, request }) => {
    const signup = await request.post('/auth/tern/signup', {
      data: { email: uniqueEmail('close'), password: 'close-password', username: 'Closer' },
    });
    const { data } = await signup.json();
    // Holds the real tern-login call until the processing state has been checked.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/auth/jwt/tern-login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(
      `/callback?type=authlogin&logintype=tern&token=${encodeURIComponent(data.token)}&user_id=${encodeURIComponent(data.user_id)}`,
    );
    const callback = page.getByTestId('callback');
    const close = page.getByTestId('callback-close');
    await expect(callback).toHaveAttribute('data-phase', 'processing');
    await expect(close).toHaveText('Close');
    release();
    await expect(callback).toHaveAttribute('data-phase', 'success');
    await expect(close).toBeVisible();
    await close.click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(await page.evaluate(() => localStorage.getItem('tern.accessToken'))).toBeTruthy();
  });

  test('a CLI temp code signs the browser in once', async ({ page, request }) => {
    const email = uniqueEmail('cli');
    const signup = await request.post('/auth/tern/signup', { data: { email, password: 'cli-password', username: 'CLI user' } });
    const { data } = await signup.json();
    const login = await (
      await request.post('/auth/jwt/tern-login', { data: { token: data.token, user_id: data.user_id, plat: 'cli' } })
    ).json();
    const temp = await (
      await request.post('/auth/temp-code', { headers: { Authorization: `Bearer ${login.accessToken}` }, data: {} })
    ).json();

    // Spec §7: /me is one query cached 5 minutes: token login fetches it, the header reuses it.
    const meCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/web-api/auth/me') meCalls.push(r.url());
    });
    await page.goto(`/token-login?code=${encodeURIComponent(temp.data.code)}`);
    await expect(page.getByText('Signed in. Redirecting…')).toBeVisible();
    await expect(page).toHaveURL(/\/userinfo$/, { timeout: 5000 });
    const menu = page.locator('header').getByRole('button', { name: 'Account menu' });
    await expect(menu).toContainText('CLI user');
    await page.locator('header').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toContainText('CLI user');
    expect(meCalls).toHaveLength(1);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`/token-login?code=${encodeURIComponent(temp.data.code)}`);
    await expect(page.getByRole('alert')).toContainText('invalid or has already been used');
    expect(await page.evaluate(() => localStorage.getItem('tern.accessToken'))).toBeNull();
    await page.goto('/token-login');
    await expect(page.getByRole('alert')).toHaveText('missing required parameter: code');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('401 without a stored token (spec §8)', () => {
  test('the sessionExpired toast, auth cleared, back to /', async ({ page, shell }) => {
    // Leftovers of a session whose token is gone: there is no token to send.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('tern.user', JSON.stringify({ id: 'gone', username: 'Gone' }));
      localStorage.setItem('tern.loginMethod', 'tern');
    });
    // STAND-IN: the relay answers the products call with 401, as it would any call it refuses without a session.
    const authorization: (string | undefined)[] = [];
    await page.route('**/web-api/products', (route) => {
      authorization.push(route.request().headers().authorization);
      return route.fulfill({ status: 401, json: { success: false, code: 'UNAUTHORIZED', message: 'Unauthorized: sign in first' } });
    });
    await page.goto('/zh/pricing');
    await expect(shell.toasts).toContainText('登录已过期，请重新登录');
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(authorization[0]).toBeUndefined();
    expect(await page.evaluate(() => [localStorage.getItem('tern.user'), localStorage.getItem('tern.loginMethod')])).toEqual([null, null]);
  });
});

test.describe('login broadcast', () => {
  test('a same-origin success message is handled once: toast, then reload after 1 s; other origins are ignored', async ({
    page,
    shell,
  }) => {
    await shell.goto('/pricing');
    await page.evaluate(() => window.postMessage({ type: 'TERN_LOGIN_SUCCESS', provider: 'tern', timestamp: Date.now() }, '*'));
    // The message wakes a prerendered page's app first (src/boot.ts), which a loaded machine takes a while to do.
    await expect(shell.toasts).toContainText('Signed in with Tern', { timeout: 15_000 });
    await page.waitForEvent('load', { timeout: 3000 });

    // A message whose origin is not ours: dispatched as if from another site.
    await shell.goto('/pricing');
    await page.evaluate(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'TERN_LOGIN_SUCCESS', provider: 'tern' }, origin: 'https://evil.example' }),
      ),
    );
    await page.waitForTimeout(1500);
    await expect(shell.toasts).toHaveCount(0);
  });
});

test.describe('restricted region', () => {
  test('the region page replaces every login option', async ({ page }) => {
    // Test stand-in for the relay's answer from a restricted region (the relay's CIDR logic has its own tests).
    await page.route('**/api/client/feishu-allowed', (route) =>
      route.fulfill({
        json: {
          ip: '1.2.3.4',
          normalizedIP: '1.2.3.4',
          feishuLoginAllowed: false,
          cheetahLoginAllowed: false,
          isPrivateNetwork: false,
          isInWhitelist: false,
          timestamp: new Date().toISOString(),
          isChina: true,
          messages: [],
        },
      }),
    );
    await page.goto('/login');
    await expect(page.getByTestId('region-restricted')).toBeVisible();
    await expect(page.getByText('Login Restricted')).toBeVisible();
    await expect(page.getByText('Unsupported Country or Region')).toBeVisible();
    await expect(page.getByRole('button', { name: /Tern account/ })).toHaveCount(0);
  });
});

import { expect, test } from './fixtures';
import { AccountArea, buyBasicWithSandbox, newUser, otherPerson, signUpFrom, signUpHere } from './pages/accountPages';

test.describe('invitations', () => {
  // Each test signs a new user up through the real provider flow first.
  test.setTimeout(90_000);
  test("the share link signs a friend up with the code; the friend's first paid order rewards the inviter", async ({
    page,
    browser,
    baseURL,
  }) => {
    const area = new AccountArea(page);
    await signUpFrom(page, '/login?redirect=%2Finvitation', newUser('inviter', 'Ada Inviter'), /\/invitation$/);
    const code = (await page.getByTestId('invitation-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6,10}$/);
    const link = page.locator('#share-link');
    await expect(link).toHaveValue(`${new URL(page.url()).origin}/login?invite=${code}`);
    await expect(page.getByTestId('invitees-empty')).toBeVisible();
    await expect(page.getByTestId('stat-total')).toContainText('0');

    // The friend, in another browser, opens the link: the code is filled in and sent with the sign-up.
    const friend = await otherPerson(browser, baseURL);
    try {
      await friend.page.goto(await link.inputValue());
      await expect(friend.page.locator('#login-invitation')).toHaveValue(code);
      // Signed in straight from the login page, the callback goes to the home page.
      await signUpHere(friend.page, newUser('invitee', 'Bob Invitee'), /:\d+\/$/);

      await area.open('/invitation', 'invitation-page');
      const row = page.getByTestId('invitee-row').filter({ hasText: 'Bob Invitee' });
      await expect(row.getByTestId('reward-status')).toHaveText('Waiting for first order');
      await expect(page.getByTestId('stat-total')).toContainText('1');

      await friend.page.goto('/pricing');
      await buyBasicWithSandbox(friend.page);
      await expect(friend.page.getByTestId('order-paid')).toBeVisible();
      expect(friend.errors).toEqual([]);
    } finally {
      await friend.close();
    }

    await page.reload();
    const rewarded = page.getByTestId('invitee-row').filter({ hasText: 'Bob Invitee' });
    await expect(rewarded.getByTestId('reward-status')).toHaveText('Rewarded');
    await expect(page.getByTestId('stat-rewarded')).toContainText('1');
    await area.open('/userinfo', 'userinfo-page');
    await expect(page.locator('[data-testid="active-quota"][data-source="invitation"]')).toContainText('500');
  });
});

/** Chinese wording fixed in issue 16: natural Chinese, not calques, and the same part of speech as the English. */
import { describe, expect, it } from 'vitest';

import enAccount from './en/account.json';
import enLayout from './en/layout.json';
import zhAccount from './zh/account.json';
import zhCommon from './zh/common.json';
import zhLayout from './zh/layout.json';

describe('zh wording', () => {
  it('the tagline and footer blurb are not a calque of "lives in your terminal"', () => {
    for (const text of [zhCommon.tagline, zhLayout.footer.blurb]) {
      // 住在终端里 ("residing in the terminal") is a word-for-word rendering that no Chinese product page would use.
      expect(text).not.toMatch(/住在|居住/);
      expect(text).toContain('终端');
    }
  });

  it('reward status "invalid" says "Not eligible"', () => {
    expect(enAccount.rewardStatus.invalid).toBe('Not eligible');
    expect(zhAccount.rewardStatus.invalid).toBe('不符合条件');
  });

  it('the code-exchange menu item is a verb, like "Redeem a code"', () => {
    expect(enLayout.user.codeExchange).toMatch(/^Redeem/);
    expect(zhLayout.user.codeExchange).toBe('兑换');
  });
});

import { describe, expect, it } from 'vitest';

import { decideFailure } from '../../../shared/api/errorPolicy';
import { ApiError } from '../../../shared/api/http';
import { formatCompact, formatCost, formatDateTime, formatMoney, formatNumber, formatPercent, isPayable, usageLevel } from './format';
import { clampPage, pageCount, pageRange, pageWindow, readPositiveInt } from './pagination';
import { normalisePromoInput, promoErrorKey, validatePromoCode } from './promo';
import { noRetryErrorCodes } from './protocol';
import { shouldRetryStats, STATS_NO_RETRY_CODES, STATS_REFETCH_MS, STATS_STALE_MS, statsRetryDelay } from './statsPolicy';

const apiError = (status: number, code: string | null) =>
  new ApiError(decideFailure({ kind: 'http', path: '/web-api/user/stats', status, ...(code && { code }) }), status, code, null);
const businessError = (code: string) =>
  new ApiError(decideFailure({ kind: 'business', path: '/web-api/user/stats', code }), 200, code, null);

describe('stats polling policy (spec §7)', () => {
  it('refetches every 30 s and is stale after 10 s', () => {
    expect(STATS_REFETCH_MS).toBe(30_000);
    expect(STATS_STALE_MS).toBe(10_000);
  });

  it('retries at most twice', () => {
    const error = apiError(500, null);
    expect(shouldRetryStats(0, error)).toBe(true);
    expect(shouldRetryStats(1, error)).toBe(true);
    expect(shouldRetryStats(2, error)).toBe(false);
    expect(shouldRetryStats(0, new TypeError('network'))).toBe(true);
  });

  it('never retries the two configuration errors, nor a refused session', () => {
    expect(STATS_NO_RETRY_CODES).toEqual(noRetryErrorCodes);
    expect(shouldRetryStats(0, businessError('QUOTA_CONFIG_NOT_FOUND'))).toBe(false);
    expect(shouldRetryStats(0, businessError('DATABASE_TABLE_MISSING'))).toBe(false);
    expect(shouldRetryStats(0, apiError(503, 'DATABASE_TABLE_MISSING'))).toBe(false);
    expect(shouldRetryStats(0, apiError(401, null))).toBe(false);
    expect(shouldRetryStats(0, businessError('SOMETHING_ELSE'))).toBe(true);
  });

  it('waits 1 s, 2 s, 4 s … capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(statsRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('formatting', () => {
  it('numbers, compact token counts, money, cost and percentages', () => {
    expect(formatNumber(2000, 'en')).toBe('2,000');
    expect(formatNumber(1234.567, 'en')).toBe('1,234.57');
    expect(formatCompact(9999, 'en')).toBe('9,999');
    expect(formatCompact(1_234_567, 'en')).toBe('1.23M');
    expect(formatCompact(1_234_567, 'zh')).toBe('123.46万');
    expect(formatMoney(29, 'CNY')).toBe('¥29.00');
    expect(formatMoney(9.9, 'USD')).toBe('$9.90');
    expect(formatCost(0.01234)).toBe('$0.0123');
    expect(formatCost(12)).toBe('$12.00');
    expect(formatPercent(0.923, 'en')).toBe('92.3%');
    expect(formatPercent(0, 'zh')).toBe('0%');
  });

  it('dates in the given zone; missing or bad values are null', () => {
    expect(formatDateTime('2030-01-02T03:04:00Z', 'en', 'UTC')).toBe('Jan 2, 2030, 3:04 AM');
    expect(formatDateTime('2030-01-02T03:04:00Z', 'zh', 'UTC')).toContain('2030');
    expect(formatDateTime(null, 'en')).toBeNull();
    expect(formatDateTime('not a date', 'en')).toBeNull();
  });

  it('warns above 90 % usage', () => {
    expect(usageLevel(0)).toBe('ok');
    expect(usageLevel(0.9)).toBe('ok');
    expect(usageLevel(0.9001)).toBe('warning');
    expect(usageLevel(1)).toBe('exhausted');
  });

  it('only pending, unexpired orders can be paid', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(isPayable({ orderStatus: 'pending', expiresAt: '2030-01-01T00:30:00Z' }, now)).toBe(true);
    expect(isPayable({ orderStatus: 'pending', expiresAt: '2029-12-31T23:59:00Z' }, now)).toBe(false);
    expect(isPayable({ orderStatus: 'paid', expiresAt: '2030-01-01T00:30:00Z' }, now)).toBe(false);
    expect(isPayable({ orderStatus: 'pending', expiresAt: 'garbage' }, now)).toBe(false);
  });
});

describe('promo codes (spec §5)', () => {
  it('upper-cases input and drops spaces', () => {
    expect(normalisePromoInput(' spring-2030 x ')).toBe('SPRING-2030X');
  });

  it('requires a code of uppercase letters, digits and hyphens', () => {
    expect(validatePromoCode('')).toBe('required');
    expect(validatePromoCode('   ')).toBe('required');
    expect(validatePromoCode('SPRING-2030')).toBeNull();
    expect(validatePromoCode('SPRING_2030')).toBe('format');
    expect(validatePromoCode('spring')).toBe('format');
    expect(validatePromoCode('春季')).toBe('format');
  });

  it('maps server codes to messages, anything else to "exchange failed"', () => {
    expect(promoErrorKey('PROMO_NOT_FOUND')).toBe('exchange.errors.notFound');
    expect(promoErrorKey('PROMO_ALREADY_USED')).toBe('exchange.errors.alreadyUsed');
    expect(promoErrorKey('PROMO_EXPIRED')).toBe('exchange.errors.expired');
    expect(promoErrorKey('PROMO_INVALID_FORMAT')).toBe('exchange.errors.format');
    expect(promoErrorKey('TOO_MANY_REQUESTS')).toBe('exchange.errors.tooMany');
    expect(promoErrorKey('INTERNAL')).toBe('exchange.errors.failed');
    expect(promoErrorKey(null)).toBe('exchange.errors.failed');
    expect(promoErrorKey('toString')).toBe('exchange.errors.failed');
  });
});

describe('pagination', () => {
  it('counts pages and clamps', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(clampPage(9, 21, 10)).toBe(3);
    expect(clampPage(0, 21, 10)).toBe(1);
    expect(clampPage(Number.NaN, 21, 10)).toBe(1);
  });

  it('shows first, last and neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('reads page query values and item ranges', () => {
    expect(readPositiveInt('3', 1)).toBe(3);
    expect(readPositiveInt('-1', 1)).toBe(1);
    expect(readPositiveInt('abc', 10)).toBe(10);
    expect(readPositiveInt('30', 10, [10, 20, 50])).toBe(10);
    expect(readPositiveInt('20', 10, [10, 20, 50])).toBe(20);
    expect(pageRange(2, 10, 23)).toEqual({ from: 11, to: 20 });
    expect(pageRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('chart data', () => {
  it('turns daily and hourly points into sorted columns with totals', async () => {
    const { dailySeries, hourlySeries } = await import('./chartData');
    const daily = dailySeries([
      { date: '2030-01-02', requests: 3, tokens: 300, credits: 1.234 },
      { date: '2030-01-01', requests: 1, tokens: 100, credits: 0.5 },
    ]);
    expect(daily.x).toEqual([Date.parse('2030-01-01T00:00:00Z') / 1000, Date.parse('2030-01-02T00:00:00Z') / 1000]);
    expect(daily.credits).toEqual([0.5, 1.23]);
    expect(daily.requests).toEqual([1, 3]);
    expect(daily.totals).toEqual({ credits: 1.73, requests: 4, tokens: 400 });
    const hourly = hourlySeries([
      { hour: '2030-01-01T05:00:00Z', requests: 2, tokens: 20, credits: 2 },
      { hour: 'bad', requests: 9, tokens: 9, credits: 9 },
    ]);
    expect(hourly.x).toEqual([Date.parse('2030-01-01T05:00:00Z') / 1000]);
    expect(hourly.totals.requests).toBe(2);
  });
});

describe('invitation share link', () => {
  it("opens the login page in the inviter's language with the code", async () => {
    const { shareLink } = await import('./share');
    expect(shareLink('https://tern.example', 'en', 'AB12CD34')).toBe('https://tern.example/login?invite=AB12CD34');
    expect(shareLink('https://tern.example', 'zh', 'AB12CD34')).toBe('https://tern.example/zh/login?invite=AB12CD34');
  });
});

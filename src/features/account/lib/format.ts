import type { Language } from '#protocol/languages';

import { currencySymbol } from '../../billing/productLabels';

/**
 * Display formatting for the account screens. Pure; the language is passed in (one of the served languages).
 */
export type Lang = Language;

const locales: Record<Lang, string> = { en: 'en-US', zh: 'zh-CN' };

/** 2000 → "2,000"; fractional credits keep up to two decimals. */
export function formatNumber(value: number, lang: Lang, maxFractionDigits = 2): string {
  return new Intl.NumberFormat(locales[lang], { maximumFractionDigits: maxFractionDigits }).format(value);
}

/** Large token counts: 1234567 → "1.23M" (en) / "123.46万" (zh). Small ones in full. */
export function formatCompact(value: number, lang: Lang): string {
  if (Math.abs(value) < 10_000) return formatNumber(value, lang, 0);
  return new Intl.NumberFormat(locales[lang], { notation: 'compact', maximumFractionDigits: 2 }).format(value);
}

/** Order amounts: ¥ for CNY, $ otherwise (spec §3), always two decimals. */
export function formatMoney(amount: number, currency: string): string {
  return `${currencySymbol(currency)}${amount.toFixed(2)}`;
}

/** Usage cost in US dollars with enough precision for small requests. */
export function formatCost(cost: number): string {
  return `$${cost < 1 && cost > 0 ? cost.toFixed(4) : cost.toFixed(2)}`;
}

/** 0.9234 → "92.3%". */
export function formatPercent(rate: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A date and time in the viewer's time zone, or null for a missing or unparsable value. */
export function formatDateTime(iso: string | null | undefined, lang: Lang, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', timeStyle: 'short', ...(timeZone && { timeZone }) }).format(date);
}

export function formatDate(iso: string | null | undefined, lang: Lang, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', ...(timeZone && { timeZone }) }).format(date);
}

/** Spec §9: usage warning above 90 %. */
export const USAGE_WARNING_RATE = 0.9;
export function usageLevel(rate: number): 'ok' | 'warning' | 'exhausted' {
  if (rate >= 1) return 'exhausted';
  return rate > USAGE_WARNING_RATE ? 'warning' : 'ok';
}

/** A pending order can still be paid until it expires. */
export function isPayable(order: { orderStatus: string; expiresAt: string; paymentUrl?: string | null }, now = Date.now()): boolean {
  if (order.orderStatus !== 'pending') return false;
  const expires = Date.parse(order.expiresAt);
  return Number.isFinite(expires) && expires > now;
}

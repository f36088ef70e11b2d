import { promoCodePattern } from './protocol';

/** Promo codes are typed in upper case (spec §5); spaces around are dropped. */
export function normalisePromoInput(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}

export type PromoProblem = 'required' | 'format';

/** Spec §5: required; only uppercase letters, digits and hyphens. Null when the code may be sent. */
export function validatePromoCode(code: string): PromoProblem | null {
  const value = code.trim();
  if (!value) return 'required';
  return promoCodePattern.test(value) ? null : 'format';
}

export const promoErrorKeys = {
  PROMO_INVALID_FORMAT: 'exchange.errors.format',
  PROMO_NOT_FOUND: 'exchange.errors.notFound',
  PROMO_ALREADY_USED: 'exchange.errors.alreadyUsed',
  PROMO_EXPIRED: 'exchange.errors.expired',
  // The relay's answer after too many unknown codes from one address (429, with Retry-After).
  TOO_MANY_REQUESTS: 'exchange.errors.tooMany',
} as const;

export type PromoErrorKey = (typeof promoErrorKeys)[keyof typeof promoErrorKeys] | 'exchange.errors.failed';

/** The message key for a failed exchange: the known server codes, else "Exchange failed, please try again later". */
export function promoErrorKey(code: string | null | undefined): PromoErrorKey {
  return code && Object.hasOwn(promoErrorKeys, code) ? promoErrorKeys[code as keyof typeof promoErrorKeys] : 'exchange.errors.failed';
}

import type { FaqItem } from '../content/types';

/** What an untranslated i18n key looks like: lower-case start, no spaces, dotted segments, an optional `ns:` prefix. */
const KEY_LIKE = /^[a-z_][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+$|^[a-z_][\w-]*:[\w.-]+$/;

export function looksLikeKey(text: string): boolean {
  return KEY_LIKE.test(text.trim());
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

function isShown(text: string | null | undefined): boolean {
  if (typeof text !== 'string') return false;
  const plain = textOf(text);
  return plain.length > 0 && !looksLikeKey(plain);
}

/** Spec §5: an item is dropped when its question or answer is empty or still an untranslated key. */
export function visibleFaqItems<T extends Pick<FaqItem, 'question' | 'answer'>>(items: readonly T[]): T[] {
  return items.filter((item) => isShown(item.question) && isShown(item.answer));
}

import type { FaqSection } from '../content/types';
import { Faq } from './Faq';

/**
 * The FAQ hydrates with its page. It used to be a lazy chunk of its own so DOMPurify stayed off the first load; the
 * whole app now loads only when a prerendered page wakes it (src/boot.ts), and a separately hydrated FAQ would lose
 * a link click made between the page's hydration and its own (a full reload instead of a client-side navigation).
 */
export function LazyFaq(props: { faq: FaqSection; idPrefix: string; openFirst?: boolean }) {
  return <Faq {...props} />;
}

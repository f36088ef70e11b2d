import { lazy, Suspense } from 'react';

import type { FaqSection } from '../content/types';

// The FAQ (and DOMPurify with it) loads after the top of the page: every FAQ sits far below the fold.
const Faq = lazy(() => import('./Faq').then((m) => ({ default: m.Faq })));

export function LazyFaq(props: { faq: FaqSection; idPrefix: string; openFirst?: boolean }) {
  return (
    <Suspense fallback={<div className="min-h-96" aria-hidden="true" />}>
      <Faq {...props} />
    </Suspense>
  );
}

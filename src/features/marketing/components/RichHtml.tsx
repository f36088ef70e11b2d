import { type MouseEvent, useMemo } from 'react';
import { useLocation } from 'wouter';

import { useLanguageRoute } from '../../../shared/routing/language';
import { isInternalHref, sanitizeHtml } from '../lib/sanitize';

const richText =
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:mt-1 [&_p+p]:mt-2 [&_p+ul]:mt-2 [&_p+ol]:mt-2 [&_strong]:font-semibold [&_strong]:text-base-content';

/**
 * Sanitised HTML (spec §5 allow-list). Same-site links navigate inside the app, keeping the language prefix;
 * external links open in a new tab (the sanitiser adds target and rel).
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const { prefix } = useLanguageRoute();
  const [, navigate] = useLocation();
  const clean = useMemo(() => sanitizeHtml(html, prefix), [html, prefix]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !isInternalHref(href) || anchor.target === '_blank') return;
    event.preventDefault();
    // The sanitiser already added the language prefix: navigate outside the router base.
    navigate(`~${href}`);
  };

  // Clicks are handled on the container: the links inside are real <a> elements and stay keyboard-reachable.
  return <div className={`${richText} ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import type { ReactNode } from 'react';
import { Link } from 'wouter';

import type { ContentLink } from '../content/types';

/** Site paths go through the router (keeping the language prefix); web links open in a new tab. */
export function ContentLinkView({ link, className, children }: { link: ContentLink; className?: string; children?: ReactNode }) {
  const label = children ?? link.label;
  if (link.href.startsWith('/') && !link.href.startsWith('//')) {
    return (
      <Link href={link.href} className={className}>
        {label}
      </Link>
    );
  }
  const external = /^https?:\/\//.test(link.href);
  return (
    <a href={link.href} className={className} {...(external && { target: '_blank', rel: 'noopener noreferrer' })}>
      {label}
    </a>
  );
}

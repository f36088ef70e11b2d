import { useEffect } from 'react';

import { localizePath, supportedLanguages } from '#protocol/languages';

function setMeta(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  apply(el);
}

const meta = (name: string, content: string) =>
  setMeta(
    `meta[name="${name}"]`,
    () => Object.assign(document.createElement('meta'), { name }),
    (el) => el.setAttribute('content', content),
  );

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Language-free path for canonical and hreflang links; omit for pages that should not be indexed. */
  path?: string;
  lang?: string;
  noindex?: boolean;
}

/** Title, description, robots, canonical and hreflang alternates of the current page. */
export function useDocumentMeta({ title, description, path, lang, noindex }: DocumentMeta): void {
  useEffect(() => {
    document.title = title;
    if (description) meta('description', description);
    meta('robots', noindex ? 'noindex, nofollow' : 'index, follow');
    document.head.querySelectorAll('link[data-tern-seo]').forEach((el) => el.remove());
    if (path && !noindex && lang) {
      const add = (attrs: Record<string, string>) => {
        const link = document.createElement('link');
        for (const [k, v] of Object.entries(attrs)) link.setAttribute(k, v);
        link.dataset.ternSeo = '';
        document.head.appendChild(link);
      };
      add({ rel: 'canonical', href: location.origin + localizePath(path, lang as 'en') });
      for (const l of supportedLanguages) add({ rel: 'alternate', hreflang: l, href: location.origin + localizePath(path, l) });
      add({ rel: 'alternate', hreflang: 'x-default', href: location.origin + localizePath(path, 'en') });
    }
  }, [title, description, path, lang, noindex]);
}

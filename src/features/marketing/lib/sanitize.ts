import DOMPurify, { type Config } from 'dompurify';

/**
 * The rich-text allow-list of spec §5, applied to FAQ answers before they reach innerHTML. Anything not listed is
 * dropped: scripts, forms, inputs, objects, embeds, frames, SVG and MathML, style, and every inline event handler.
 */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'span',
];
export const ALLOWED_ATTR = ['href', 'target', 'rel', 'class'];
export const FORBID_TAGS = [
  'script',
  'form',
  'input',
  'object',
  'embed',
  'iframe',
  'frame',
  'style',
  'svg',
  'math',
  'textarea',
  'button',
  'select',
  'link',
  'meta',
  'base',
];
export const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'xlink:href', 'action'];

/** Web links, mail links, same-site paths and in-page anchors. `javascript:`, `data:` and `//host` never pass. */
const SAFE_URI = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

const config: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOWED_URI_REGEXP: SAFE_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

export const isExternalHref = (href: string) => /^https?:\/\//i.test(href);
export const isInternalHref = (href: string) => /^\/(?!\/)/.test(href);

// A private instance, so these hooks never touch other users of DOMPurify.
let purifier: ReturnType<typeof DOMPurify> | null = null;
let currentPrefix = '';

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!href || !SAFE_URI.test(href)) {
      node.removeAttribute('href');
      node.removeAttribute('target');
      node.removeAttribute('rel');
      return;
    }
    if (isExternalHref(href)) {
      // External links open in a new tab that cannot reach back into this one.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      return;
    }
    node.removeAttribute('target');
    node.removeAttribute('rel');
    // Same-site paths stay in the reader's language: /docs becomes /zh/docs on Chinese pages.
    if (isInternalHref(href) && currentPrefix && href !== currentPrefix && !href.startsWith(`${currentPrefix}/`)) {
      node.setAttribute('href', href === '/' ? currentPrefix : `${currentPrefix}${href}`);
    }
  });
  return purifier;
}

/**
 * Sanitises an HTML fragment. `languagePrefix` ('' or '/zh') is added to same-site links so they keep the
 * reader's language.
 */
export function sanitizeHtml(html: string, languagePrefix = ''): string {
  const purify = instance();
  currentPrefix = languagePrefix;
  try {
    return String(purify.sanitize(html, config));
  } finally {
    currentPrefix = '';
  }
}

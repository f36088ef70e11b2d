/**
 * What rendered chat markdown must never contain, checked on a live DOM: in jsdom (xssCorpus.test.tsx) and, passed to
 * `page.evaluate`, in Chromium (tests/e2e/xss-chat.spec.ts). That is why the function is self-contained: Playwright
 * sends its source text to the page, so it may use nothing from outside its own body. Test-only.
 *
 * Returns one line per violation (empty when the markup is safe).
 */
export function unsafeMarkup(root: Element): string[] {
  const problems: string[] = [];
  // Elements that submit, fetch, embed, restyle or re-base the page, or run script.
  const forbidden = [
    'form',
    'input',
    'textarea',
    'select',
    'option',
    'meta',
    'base',
    'object',
    'embed',
    'iframe',
    'frame',
    'frameset',
    'link',
    'style',
    'script',
    'noscript',
    'template',
    'svg',
    'math',
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'canvas',
    'applet',
    'marquee',
    'dialog',
    'details',
    'area',
    'map',
    'portal',
  ];
  // URL-bearing or clobbering attributes no chat element has.
  const forbiddenAttributes = [
    'srcdoc',
    'formaction',
    'action',
    'srcset',
    'ping',
    'background',
    'poster',
    'data',
    'xlink:href',
    'id',
    'name',
    'form',
    'autofocus',
    'contenteditable',
  ];
  const describe = (el: Element) => `<${el.tagName.toLowerCase()}${Array.from(el.attributes, (a) => ` ${a.name}="${a.value}"`).join('')}>`;
  const schemeOf = (value: string) => {
    try {
      return new URL(value, document.baseURI).protocol;
    } catch {
      return 'invalid';
    }
  };
  // The one style allowed: a highlighted code token's colour, which shiki takes from our theme, not from the message.
  const tokenStyle = /^color: (?:#[0-9a-f]{3,8}|rgba?\([\d.,\s]+\));(?: font-style: italic;)?$/i;

  for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
    const tag = el.tagName.toLowerCase();
    if (forbidden.includes(tag)) problems.push(`forbidden element ${describe(el)}`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`event handler attribute ${describe(el)}`);
      if (forbiddenAttributes.includes(name)) problems.push(`forbidden attribute ${name} on ${describe(el)}`);
      if (name === 'style' && !(tag === 'span' && el.closest('pre[data-highlighted="true"]') && tokenStyle.test(attr.value.trim()))) {
        problems.push(`style attribute ${describe(el)}`);
      }
      if ((name === 'href' && tag !== 'a') || (name === 'src' && tag !== 'img')) problems.push(`URL attribute ${name} on ${describe(el)}`);
    }
    if (tag === 'button' && (el.getAttribute('type') !== 'button' || el.hasAttribute('formaction')))
      problems.push(`submitting button ${describe(el)}`);
    if (tag === 'img') {
      // Only an image the user asked for, and that one comes from this page's own origin in the tests.
      const src = el.getAttribute('src') ?? '';
      let origin = 'invalid';
      try {
        origin = new URL(src, document.baseURI).origin;
      } catch {
        // Stays 'invalid'.
      }
      if (origin !== location.origin || /^data:/i.test(src)) problems.push(`image loaded without a click ${describe(el)}`);
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.getAttribute('href') ?? '';
      const scheme = schemeOf(href);
      if (!['http:', 'https:', 'mailto:'].includes(scheme)) problems.push(`link with scheme ${scheme} ${describe(el)}`);
      const rel = (el.getAttribute('rel') ?? '').split(/\s+/);
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(`link without rel="noopener noreferrer" ${describe(el)}`);
      if (el.getAttribute('target') !== '_blank') problems.push(`link that does not open a new tab ${describe(el)}`);
    }
  }
  return problems;
}

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { ALLOWED_ATTR, ALLOWED_TAGS, sanitizeHtml } from './sanitize';

/** Parses sanitised output so assertions look at the DOM, not at string spelling. */
function dom(html: string, prefix = ''): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = sanitizeHtml(html, prefix);
  return el;
}

const ALLOWED = new Set(ALLOWED_TAGS.map((t) => t.toUpperCase()));
const ALLOWED_ATTRS = new Set(ALLOWED_ATTR);

/** Nothing outside the allow-list survives, and no attribute can run code. */
function expectInert(root: HTMLElement) {
  for (const el of root.querySelectorAll('*')) {
    expect(ALLOWED.has(el.tagName), `tag ${el.tagName}`).toBe(true);
    for (const attr of el.attributes) {
      expect(ALLOWED_ATTRS.has(attr.name), `attribute ${attr.name} on ${el.tagName}`).toBe(true);
      expect(attr.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  }
}

// A corpus of classic payloads (OWASP XSS filter evasion cheat sheet and DOMPurify's own test themes).
const corpus = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<div onmouseover=alert(1)>hover</div>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="  javascript:alert(1)">leading spaces</a>',
  '<a href="java&#x09;script:alert(1)">entity tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<form action="https://evil.example"><input name="password"><button>go</button></form>',
  '<input type="text" value="x" onfocus="alert(1)" autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">svg link</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<span style="behavior:url(x.htc)">ie</span>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://example.com" onclick="alert(1)" data-x="1" id="steal" style="color:red">ok</a>',
  '"><script>alert(1)</script>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<div><p>nested <b onmouseover=alert(1)>bold</b></p></div>',
  '<template><script>alert(1)</script></template>',
  '<a href="javascript&colon;alert(1)">colon entity</a>',
];

describe('sanitizeHtml', () => {
  it.each(corpus)('neutralises %s', (payload) => {
    const root = dom(payload);
    expectInert(root);
    expect(root.innerHTML).not.toMatch(/<script|onerror|onload|onclick|onmouseover|onfocus|javascript:/i);
  });

  it('keeps the allowed formatting tags', () => {
    const html =
      '<h3>Title</h3><p>Text with <strong>strong</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u><br>line</p><ul><li>one</li></ul><ol><li>two</li></ol><div><span class="note">span</span></div>';
    const root = dom(html);
    for (const tag of ['h3', 'p', 'strong', 'b', 'em', 'i', 'u', 'br', 'ul', 'ol', 'li', 'div', 'span'])
      expect(root.querySelector(tag), tag).not.toBeNull();
    expect(root.querySelector('span')!.className).toBe('note');
  });

  it('opens external links in a new tab with noopener noreferrer', () => {
    const a = dom('<a href="https://example.com/docs">docs</a>').querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('overrides a weaker rel or target set by the author', () => {
    const a = dom('<a href="https://example.com" target="_self" rel="opener">x</a>').querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps same-site links in the tab and adds the language prefix', () => {
    for (const path of ['/docs', '/privacy', '/help', '/userinfo']) {
      const en = dom(`<a href="${path}" target="_blank">x</a>`).querySelector('a')!;
      expect(en.getAttribute('href')).toBe(path);
      expect(en.hasAttribute('target')).toBe(false);
      const zh = dom(`<a href="${path}">x</a>`, '/zh').querySelector('a')!;
      expect(zh.getAttribute('href')).toBe(`/zh${path}`);
    }
    expect(dom('<a href="/zh/docs">x</a>', '/zh').querySelector('a')!.getAttribute('href')).toBe('/zh/docs');
    expect(dom('<a href="/">x</a>', '/zh').querySelector('a')!.getAttribute('href')).toBe('/zh');
  });

  it('drops the href of a javascript: link but keeps its text', () => {
    const root = dom('<a href="javascript:alert(1)">read more</a>');
    expect(root.textContent).toBe('read more');
    expect(root.querySelector('a')?.hasAttribute('href') ?? false).toBe(false);
  });

  it('keeps mail links without a new tab', () => {
    const a = dom('<a href="mailto:support@tern.dev">mail</a>').querySelector('a')!;
    expect(a.getAttribute('href')).toBe('mailto:support@tern.dev');
    expect(a.hasAttribute('target')).toBe(false);
  });
});

// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import ChatMarkdown from './ChatMarkdown';
import { sanitizeMarkdown } from './sanitize';

describe('markdown sanitising', () => {
  it('removes scripts, handlers, iframes and javascript: links from raw HTML, keeps harmless formatting', () => {
    const out = sanitizeMarkdown('Hi <script>alert(1)</script><b onclick="x()">bold</b> <a href="javascript:alert(1)">x</a> <iframe src="//e"></iframe><img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/script|onclick|javascript:|iframe|onerror|<img/i);
    expect(out).toContain('<b>bold</b>');
    expect(out).toContain('Hi ');
  });

  it('leaves code blocks, inline code and plain prose untouched', () => {
    const md = 'Use `<script>` tags:\n\n```html\n<script>alert(1)</script>\n```\n\na < b && c > d';
    expect(sanitizeMarkdown(md)).toBe(md);
  });

  it('renders the sanitised markdown without any executable markup', () => {
    const html = renderToStaticMarkup(<ChatMarkdown source={'# Title\n\n<a href="https://ok.example" onmouseover="x()">ok</a> <svg onload="x()"></svg>\n\n```bash\necho hi\n```'} />);
    expect(html).toContain('href="https://ok.example"');
    expect(html).not.toMatch(/onmouseover|onload|<svg/i);
    expect(html).toContain('echo hi');
  });
});
